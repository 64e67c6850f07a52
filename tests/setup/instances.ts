import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "#server/app.ts";
import { openDatabase } from "#server/db/client.ts";
import { seedFreshDatabase } from "#server/db/seed.ts";
import { createDeps } from "#server/deps.ts";
import { parseEnv } from "#server/env.ts";
import { APP_URL, cookieFrom, freshPostgres } from "./app.ts";

/**
 * Two app instances on one fresh, seeded database of the PostgreSQL server at `serverUrl`, each
 * with its own pool and LISTEN connection, as two servers behind a load balancer would be.
 */
export async function twoInstances(serverUrl: string) {
  const { database: databaseA, url, drop } = await freshPostgres(serverUrl);
  const databaseB = await openDatabase({ databaseUrl: url });
  const env = parseEnv({
    NODE_ENV: "test",
    APP_URL,
    DATA_DIR: mkdtempSync(join(tmpdir(), "inkwell-instances-")),
    MIN_WRITING_SECONDS: "0",
    AUTH_RATE_LIMIT_SCALE: "1000",
    LOG_REQUESTS: "false",
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
  });
  const depsA = await createDeps(env, { inMemory: true, database: databaseA });
  const depsB = await createDeps(env, { inMemory: true, database: databaseB });
  const close = async () => {
    await depsB.stop();
    await depsA.stop();
    await drop();
  };
  try {
    await seedFreshDatabase(depsA.db, depsA.clock.now(), "UTC");
  } catch (err) {
    await close();
    throw err;
  }
  return { appA: createApp(depsA), appB: createApp(depsB), depsA, depsB, close };
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
