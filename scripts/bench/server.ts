/**
 * One app server under load: `src/server/index.ts` in its own Node process (no tsx wrapper
 * process, so its pid is the server's), production mode, on a free port, with the settings a
 * load run needs, and its peak memory read from /proc.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync, writeFileSync } from "node:fs";
import { freePort } from "./cluster.ts";
import { wasmFlags } from "../wasm-flags.mjs";

/** Signs the writing sessions the benchmark presents (it mints them as the server would). */
export const BENCH_AUTH_SECRET = "inkwell-benchmark-secret-not-for-production-0001";

export interface AppServer {
  url: string;
  pid: number;
  /** Everything it printed (the last lines explain a crash). */
  output: string[];
  stop(): Promise<void>;
}

export interface StartOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** The public URL, when the server is reached through a proxy (scale.ts). */
  appUrl?: string;
  /** Extra Node options (e.g. `--cpu-prof`, for a profile written when the server stops). */
  nodeArgs?: string[];
  /** The built server as `npm start` runs it (`node scripts/start.mjs`, building what is stale) instead of the TypeScript sources under tsx. */
  built?: boolean;
  /** Record the statements the app sends into this file, switched by SIGUSR2 (capture-sql.ts; the sources only). */
  captureSql?: string;
}

/**
 * The environment of a server under load: no request log; rate limits scaled out of the way
 * (a load generator is one client; the limits are the app's, not its speed); clients told apart
 * by X-Forwarded-For, as behind a proxy, so per-client counters are per connection; a writing
 * time of 0 s, so every connection can publish again and again (the signed session, its
 * spending and the "started after your last piece" rule are all still checked).
 */
function serverEnv(port: number, opts: StartOptions): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    APP_URL: opts.appUrl ?? `http://localhost:${port}`,
    DATA_DIR: opts.dataDir,
    LOG_REQUESTS: "false",
    AUTH_SECRET: BENCH_AUTH_SECRET,
    AUTH_RATE_LIMIT_SCALE: "100000",
    // The load's writers are new accounts publishing all day: per-account limits have their own settings.
    NEW_ACCOUNT_DAILY_PIECES: "100000",
    NEW_ACCOUNT_DAILY_COMMENTS: "100000",
    TRUST_PROXY: "true",
    MIN_WRITING_SECONDS: "0",
    // Empty wins over a developer's .env: no mail sent, no admins granted, no test clock.
    DATABASE_URL: opts.databaseUrl ?? "",
    SMTP_URL: "",
    ADMIN_EMAILS: "",
    TEST_CLOCK: "",
    BENCH_CAPTURE_SQL: opts.captureSql ?? "",
  };
}

async function waitUntilHealthy(url: string, child: ChildProcess, output: string[]): Promise<void> {
  let exited = false;
  child.once("exit", () => (exited = true));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server exited before answering:\n${output.slice(-20).join("\n")}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer /api/health within 120 s:\n${output.slice(-20).join("\n")}`);
}

export async function startServer(opts: StartOptions): Promise<AppServer> {
  const port = await freePort();
  const capture = opts.captureSql ? ["--import", "./scripts/bench/capture-sql.ts"] : [];
  const entry = opts.built ? ["scripts/start.mjs"] : ["--import", "tsx", ...capture, "src/server/index.ts"];
  const child = spawn(process.execPath, [...wasmFlags(process), ...(opts.nodeArgs ?? []), ...entry], { env: serverEnv(port, opts), stdio: ["ignore", "pipe", "pipe"] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const url = `http://localhost:${port}`;
  try {
    await waitUntilHealthy(url, child, output);
  } catch (err) {
    child.kill("SIGKILL");
    throw err;
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  };
  return { url, pid: child.pid!, output, stop };
}

/** Peak resident memory of a process so far (VmHWM), in MB; null where /proc has no answer. */
export function peakRssMb(pid: number): number | null {
  return statusMb(pid, "VmHWM");
}

/** Resident memory of a process now (VmRSS), in MB; null where /proc has no answer. */
export function rssMb(pid: number): number | null {
  return statusMb(pid, "VmRSS");
}

function statusMb(pid: number, field: "VmHWM" | "VmRSS"): number | null {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** Starts a new peak (Linux: writing 5 to clear_refs resets VmHWM); false when not allowed. */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}
