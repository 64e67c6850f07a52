import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { inject } from "vitest";
import { createApp } from "#server/app.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { seedFreshDatabase } from "#server/db/seed.ts";
import { createDeps } from "#server/create-deps.ts";
import type { Deps } from "#server/deps.ts";
import { parseEnv } from "#server/env.ts";
import { TEST_NEW_ACCOUNT_LIMITS } from "./server-process.ts";
import { adminQuery, databaseUrl } from "./template-db.ts";

export { TEST_NEW_ACCOUNT_LIMITS };

export const APP_URL = "http://localhost:3000";

/**
 * A real app on a real database for API tests: in-memory PGlite by default, or a fresh database
 * on the PostgreSQL server named by DATABASE_URL (CI runs the suite both ways).
 */
export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: Deps;
  mailDir: string;
  request(path: string, init?: RequestOpts): Promise<Response>;
  json<T = unknown>(path: string, init?: RequestOpts): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

export interface RequestOpts {
  method?: string;
  json?: unknown;
  cookie?: string | null;
  headers?: Record<string, string>;
}

/**
 * A new, migrated database on the PostgreSQL server at `url`: a copy of the run's template
 * (tests/setup/template-db.ts) when there is one; `url` of the result names it (for a second instance).
 */
export async function freshPostgres(url: string): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const name = `inkwell_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const template = inject("postgresTemplate");
  await adminQuery(url, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const own = databaseUrl(url, name);
  // Opening migrates: nothing left to do on a copy of the template.
  const database = await openDatabase({ databaseUrl: own });
  return { database, url: own, drop: () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

let pgliteTemplate: Blob | undefined;

/** A new in-memory PGlite database: loaded from the run's migrated template when there is one. */
export async function freshPglite(): Promise<Database> {
  const file = inject("pgliteTemplate");
  if (file) pgliteTemplate ??= new Blob([readFileSync(file)]);
  // Opening migrates: nothing left to do on a copy of the template.
  return openDatabase({ loadDataDir: file ? pgliteTemplate : undefined });
}

/**
 * API tests' writers are brand-new, unconfirmed accounts that publish and comment more in a day than
 * a new account may: the per-account limits are raised by their own settings here (issue 24 item 5;
 * the per-client scale no longer raises them). new-account-limits*.test.ts test them at their
 * shipped size with SHIPPED_NEW_ACCOUNT_LIMITS. TEST_NEW_ACCOUNT_LIMITS (re-exported above) lives in
 * server-process.ts, which real server processes under test use too.
 *
 * Empty values are unset: the defaults, as an install without these settings has them. */
export const SHIPPED_NEW_ACCOUNT_LIMITS = { NEW_ACCOUNT_DAILY_PIECES: "", NEW_ACCOUNT_DAILY_COMMENTS: "" };

export async function createTestApp(overrides: Record<string, string> = {}, opts: { engine?: "pglite" } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "inkwell-test-"));
  const env = parseEnv({
    NODE_ENV: "test",
    APP_URL,
    DATA_DIR: dataDir,
    MIN_WRITING_SECONDS: "0",
    AUTH_RATE_LIMIT_SCALE: "1000",
    ...TEST_NEW_ACCOUNT_LIMITS,
    TEST_CLOCK: "true",
    TEST_CHEAP_PASSWORD_HASH: "true",
    LOG_REQUESTS: "false",
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
    ...overrides,
  });
  let drop: (() => Promise<void>) | undefined;
  let database: Database;
  let ownUrl: string | undefined;
  // engine "pglite": the embedded database whatever the run's engine (a copy from it, say).
  const url = opts.engine === "pglite" ? undefined : process.env.DATABASE_URL;
  if (url) ({ database, drop, url: ownUrl } = await freshPostgres(url));
  else database = await freshPglite();
  // The database is given; its URL is the fresh one's (what pg_dump reads for a backup).
  const deps = await createDeps({ ...env, DATABASE_URL: ownUrl }, { inMemory: true, database });
  await seedFreshDatabase(deps.db, deps.clock.now(), "UTC");
  const app = createApp(deps);
  return testAppOf(app, deps, join(dataDir, "mail"), async () => {
    await deps.stop();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

/** A running app as tests talk to it: requests with the app's origin (and a cookie), JSON reads. */
export function testAppOf(app: ReturnType<typeof createApp>, deps: Deps, mailDir: string, close: () => Promise<void>): TestApp {
  const request = (path: string, init: RequestOpts = {}) => {
    const headers: Record<string, string> = { origin: APP_URL, ...init.headers };
    if (init.cookie) headers.cookie = init.cookie;
    let body: string | undefined;
    if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    }
    return Promise.resolve(app.request(path, { method: init.method ?? (body ? "POST" : "GET"), headers, body }));
  };
  return {
    app,
    deps,
    mailDir,
    request,
    async json<T>(path: string, init?: RequestOpts) {
      const res = await request(path, init);
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    },
    close,
  };
}

/** The session cookie(s) a response set, ready for a Cookie header. */
export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * Mails written by the file mailer, oldest first, parsed. Mail goes out on the job queue (a reset
 * email is even queued after the response): wait until the queue has nothing left to run.
 */
export async function readMails(t: Pick<TestApp, "mailDir" | "deps">) {
  await t.deps.background.drain();
  await t.deps.jobs.settle();
  const { mailDir } = t;
  let files: string[];
  try {
    files = readdirSync(mailDir).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (f) => {
      const parsed = await simpleParser(readFileSync(join(mailDir, f)));
      const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
      return { to: to ?? "", subject: parsed.subject ?? "", text: parsed.text ?? "" };
    }),
  );
}

/** The first link in the newest mail to `to` whose subject matches. */
export async function latestLink(t: Pick<TestApp, "mailDir" | "deps">, to: string, subject: RegExp): Promise<string> {
  const mails = (await readMails(t)).filter((m) => m.to.includes(to) && subject.test(m.subject));
  const mail = mails.at(-1);
  // The first link that goes somewhere (the site's name at the top links to the home page).
  const link = [...(mail?.text ?? "").matchAll(/https?:\/\/[^\s\]]+/g)].map((m) => m[0]).find((l) => new URL(l).pathname.length > 1);
  if (!link) throw new Error(`no mail with a link to ${to} matching ${subject}`);
  return link;
}
