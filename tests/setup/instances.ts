import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "#server/app.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { seedFreshDatabase } from "#server/db/seed.ts";
import { createDeps, type DepsOptions } from "#server/create-deps.ts";
import type { Deps } from "#server/deps.ts";
import { parseEnv } from "#server/env.ts";
import { APP_URL, cookieFrom, freshPostgres, TEST_NEW_ACCOUNT_LIMITS } from "./app.ts";

/**
 * `count` app instances on one fresh, seeded database of the PostgreSQL server at `serverUrl`, each
 * with its own pool, LISTEN connection and job workers, as servers behind a load balancer would be.
 */
export async function instances(serverUrl: string, count: number, env: Record<string, string> = {}, options: Pick<DepsOptions, "mailer"> = {}) {
  const first = await freshPostgres(serverUrl);
  const databases: Database[] = [first.database];
  for (let i = 1; i < count; i++) databases.push(await openDatabase({ databaseUrl: first.url }));
  const parsed = parseEnv({
    NODE_ENV: "test",
    APP_URL,
    DATA_DIR: mkdtempSync(join(tmpdir(), "inkwell-instances-")),
    MIN_WRITING_SECONDS: "0",
    AUTH_RATE_LIMIT_SCALE: "1000",
    ...TEST_NEW_ACCOUNT_LIMITS,
    LOG_REQUESTS: "false",
    TEST_CHEAP_PASSWORD_HASH: "true",
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
    ...env,
  });
  const all: Deps[] = [];
  const close = async () => {
    for (const deps of all.reverse()) await deps.stop();
    await first.drop();
  };
  try {
    for (const database of databases) all.push(await createDeps(parsed, { inMemory: true, database, ...options }));
    await seedFreshDatabase(all[0]!.db, all[0]!.clock.now(), "UTC");
  } catch (err) {
    await close();
    throw err;
  }
  return { deps: [...all], apps: all.map((d) => createApp(d)), close };
}

/** Two instances (see `instances`). */
export async function twoInstances(serverUrl: string) {
  const { deps, apps, close } = await instances(serverUrl, 2);
  return { appA: apps[0]!, appB: apps[1]!, depsA: deps[0]!, depsB: deps[1]!, close };
}

/** Signs a new writer up through `app` (either instance: the session is in the shared database). */
export async function signUpOn(app: { request: (path: string, init: RequestInit) => Response | Promise<Response> }, name: string): Promise<{ cookie: string; id: string }> {
  const res = await app.request("/api/auth/sign-up/email", {
    method: "POST",
    headers: { origin: APP_URL, "content-type": "application/json" },
    body: JSON.stringify({ name, email: `${name.replace(/ /g, "-")}-${Date.now()}@example.com`.toLowerCase(), password: "a quiet room to write", timeZone: "UTC" }),
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status}`);
  return { cookie: cookieFrom(res), id: ((await res.json()) as { user: { id: string } }).user.id };
}
