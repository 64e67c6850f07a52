import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { resolve } from "node:path";
import { createInterface } from "node:readline";

const root = resolve(import.meta.dirname, "../..");

/**
 * Test runs raise the new-account daily limits by name (AUTH_RATE_LIMIT_SCALE no longer does, issue 24
 * item 5): the tests that publish or comment many times from fresh accounts are not about that limit.
 */
export const TEST_NEW_ACCOUNT_LIMITS = { NEW_ACCOUNT_DAILY_PIECES: "100000", NEW_ACCOUNT_DAILY_COMMENTS: "100000" };

/**
 * The base environment of a real server process under test: its own port, quiet, fast writing time,
 * passwords hashed at a test cost (src/server/test-password-hash.ts) when it runs with NODE_ENV=test.
 */
const FAKETIME_VARS = ["LD_PRELOAD", "FAKETIME", "FAKETIME_DONT_FAKE_MONOTONIC", "FAKETIME_NO_CACHE"] as const;

export function serverEnv(env: Record<string, string>): Record<string, string> {
  const merged: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_REQUESTS: "false",
    MIN_WRITING_SECONDS: "0",
    AUTH_RATE_LIMIT_SCALE: "1000",
    ...TEST_NEW_ACCOUNT_LIMITS,
    TEST_CHEAP_PASSWORD_HASH: "true",
    AUTH_SECRET: "process-test-secret-process-test-secret-0123",
    // A run under libfaketime (a sweep for tests that only pass before some date) gives its clock to the servers it starts.
    ...Object.fromEntries(FAKETIME_VARS.flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : []))),
    ...env,
  };
  // Allowed only in a test run (env.ts): a process started as production or development goes without.
  if (merged.NODE_ENV !== "test") delete merged.TEST_CHEAP_PASSWORD_HASH;
  return merged;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far. */
  output: string[];
  /** Resolves with the exit code (null when killed by a signal) and when it came. */
  exited: Promise<{ code: number | null; at: number }>;
}

/** Node's arguments that run the server from its TypeScript sources. */
export const SOURCE_SERVER_ARGS = ["--import", "tsx", "src/server/index.ts"];

/**
 * Starts the server as a real process — from its sources by default, or with other Node arguments
 * (the built server: what `npm start` runs) — and resolves once it logs that it is listening, with
 * the URL it listens on (PORT=0: any free port).
 */
export async function startServerProcess(env: Record<string, string>, args: string[] = SOURCE_SERVER_ARGS): Promise<ServerProcess> {
  // From its sources on the embedded database: V8's baseline compiler alone for PGlite's WebAssembly
  // (scripts/wasm-flags.mjs), on every Node here, where `npm start` gives it only on Node 24: a fresh
  // start took 14 s of CPU with --liftoff-only against 20 s without (one run each). What these tests
  // check does not depend on the compiler tier; built-server.test.ts starts the server as npm start does.
  const flags = args === SOURCE_SERVER_ARGS && !env.DATABASE_URL ? ["--liftoff-only"] : [];
  const child = spawn(process.execPath, [...flags, ...args], { cwd: root, env: serverEnv(env), stdio: ["ignore", "pipe", "pipe"] });
  const output: string[] = [];
  const exited = once(child, "exit").then(([code]) => ({ code: code as number | null, at: Date.now() }));
  const url = new Promise<string>((resolveUrl, reject) => {
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on("line", (line) => {
        output.push(line);
        const m = /"url":"(http:\/\/[^"]+)"/.exec(line);
        if (m && line.includes("is listening")) resolveUrl(m[1]!.replace("127.0.0.1", "localhost"));
      });
    }
    void exited.then(({ code }) => reject(new Error(`server exited (${code}) before listening:\n${output.join("\n")}`)));
  });
  return { child, url: await url, output, exited };
}

/** The origin process tests give their server as APP_URL (and send on every request). */
export const PROCESS_APP_URL = "http://localhost:3000";

/** A JSON request to a server process, as its own pages would send it (its origin, a session cookie). */
export async function callProcess(server: ServerProcess, path: string, init: { json?: unknown; cookie?: string } = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: init.json === undefined ? "GET" : "POST",
    headers: { origin: PROCESS_APP_URL, "content-type": "application/json", ...(init.cookie ? { cookie: init.cookie } : {}) },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return { res, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

/** Signs a writer up on a server process; returns their session cookie. */
export async function signUpOnProcess(server: ServerProcess, name: string, email: string): Promise<string> {
  const { res } = await callProcess(server, "/api/auth/sign-up/email", { json: { name, email, password: "a quiet room to write", alias: null, timeZone: "UTC" } });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Publishes a piece on a server process as the write page does; returns its id. */
export async function publishOnProcess(server: ServerProcess, cookie: string, content = "The harbour at dawn, gulls over the water.", title: string | null = "Harbour"): Promise<string> {
  const today = await callProcess(server, "/api/prompts/today", { cookie });
  const session = await callProcess(server, "/api/writing-sessions", { json: {}, cookie });
  const { res, body } = await callProcess(server, "/api/submissions", {
    cookie,
    json: {
      content,
      title,
      promptId: (today.body!.prompt as { id: string }).id,
      action: "publish",
      signature: "name",
      page: "write",
      writingSession: session.body!.token,
      idempotencyKey: crypto.randomUUID(),
    },
  });
  if (res.status !== 201) throw new Error(`publish failed: ${res.status}`);
  return (body!.submission as { id: string }).id;
}

/** The next Sunday 09:05 UTC at least an hour from now (this week's public pieces are inside its week). */
export function nextSundayMorning(): string {
  const d = new Date(Date.now() + 3_600_000);
  d.setUTCHours(9, 5, 0, 0);
  while (d.getUTCDay() !== 0 || d.getTime() < Date.now() + 3_600_000) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}
