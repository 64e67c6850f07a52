import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { openDatabase } from "#server/db/client.ts";
import { seedFreshDatabase } from "#server/db/seed.ts";
import { createDeps } from "#server/create-deps.ts";
import type { Deps } from "#server/deps.ts";
import { parseEnv } from "#server/env.ts";
import { SseReader, type } from "#tests/setup/sse-reader.ts";
import { APP_URL, cookieFrom, freshPostgres, TEST_NEW_ACCOUNT_LIMITS } from "#tests/setup/app.ts";
import { createPrompt, createSubmission, type TestUser } from "#tests/factories.ts";
import { allowConsoleError } from "#tests/setup/console.ts";
import { faultProxy, type FaultProxy } from "#tests/setup/fault-proxy.ts";

/*
 * The database goes away under a running app and comes back (PostgreSQL only: CI's second pass
 * runs this with DATABASE_URL; the embedded database lives in the process and cannot go away).
 * A proxy between the app and the server cuts every connection and refuses new ones, as a
 * crashed postmaster does from the client's side.
 */
const url = process.env.DATABASE_URL;

describe.skipIf(!url)("PostgreSQL going away and coming back", () => {
  let proxy: FaultProxy;
  let deps: Deps;
  let app: ReturnType<typeof createApp>;
  let drop: () => Promise<void>;
  let dataDir: string;
  let writer: TestUser;

  const request = (path: string, init: { method?: string; cookie?: string; json?: unknown } = {}) =>
    Promise.resolve(
      app.request(path, {
        method: init.method ?? (init.json === undefined ? "GET" : "POST"),
        headers: { origin: APP_URL, "content-type": "application/json", ...(init.cookie ? { cookie: init.cookie } : {}) },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      }),
    );

  beforeAll(async () => {
    const fresh = await freshPostgres(url!);
    await fresh.database.close();
    drop = fresh.drop;
    proxy = await faultProxy(fresh.url);
    dataDir = mkdtempSync(join(tmpdir(), "inkwell-outage-"));
    const env = parseEnv({ NODE_ENV: "test", APP_URL, DATA_DIR: dataDir, MIN_WRITING_SECONDS: "0", AUTH_RATE_LIMIT_SCALE: "1000", ...TEST_NEW_ACCOUNT_LIMITS, TEST_CLOCK: "true", TEST_CHEAP_PASSWORD_HASH: "true", LOG_REQUESTS: "false", AUTH_SECRET: "outage-secret-outage-secret-outage-secret-01" });
    deps = await createDeps({ ...env, DATABASE_URL: undefined }, { database: await openDatabase({ databaseUrl: proxy.url }) });
    await seedFreshDatabase(deps.db, deps.clock.now(), "UTC");
    app = createApp(deps);
    const res = await request("/api/auth/sign-up/email", { json: { name: "Outage Writer", email: `outage-${Date.now()}@example.com`, password: "a quiet room to write", alias: null, timeZone: "UTC" } });
    const body = (await res.json()) as { user: { id: string } };
    writer = { id: body.user.id, email: "", name: "Outage Writer", alias: null, password: "", cookie: cookieFrom(res) };
  });
  afterAll(async () => {
    proxy?.restore();
    // Closing waits for every checked-out connection: a connection leaked during the outage hangs here.
    await deps?.stop();
    await proxy?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps running, answers 503 while the database is down, and serves again when it returns, with no restart", async () => {
    allowConsoleError(); // the outage is logged, as it should be
    const t = { deps, request };
    // Someone else's piece, for the writer to like (no one can like their own).
    const author = await request("/api/auth/sign-up/email", { json: { name: "Outage Author", email: `outage-author-${Date.now()}@example.com`, password: "a quiet room to write", alias: null, timeZone: "UTC" } });
    const authorId = ((await author.json()) as { user: { id: string } }).user.id;
    const piece = await createSubmission(t as never, { id: authorId }, { promptId: (await createPrompt(t as never, { date: "2005-05-05" })).id });
    const sse = new SseReader(await request("/api/events"));
    await sse.next(type("ready"));

    // A transaction in flight on a checked-out connection when the server dies: an error for
    // that request, never an unhandled 'error' event that ends the process.
    const inFlight = deps.db.transaction(async (tx) => tx.execute(sql`select pg_sleep(5)`));
    proxy.cut();
    await expect(inFlight).rejects.toThrow();

    const feed = await request("/api/community/feed");
    expect(feed.status).toBe(503);
    expect(await feed.json()).toEqual({ code: "database_unavailable", message: "The database is unavailable; please try again in a moment." });
    // A signed-in writer is not signed out by the outage: their publish is a 503 too, not a 401.
    for (let i = 0; i < 12; i++) await request("/api/me/submissions", { cookie: writer.cookie });
    const publish = await request("/api/submissions", { cookie: writer.cookie, json: { content: "kept", action: "publish", writingSession: "x", idempotencyKey: crypto.randomUUID() } });
    expect(publish.status).toBe(503);
    expect(((await publish.json()) as { code: string }).code).toBe("database_unavailable");
    const health = await request("/api/health");
    expect(health.status).toBe(503);

    proxy.restore();
    await expect.poll(async () => (await request("/api/community/feed")).status, { timeout: 15_000 }).toBe(200);
    await expect.poll(async () => (await request("/api/me/submissions", { cookie: writer.cookie })).status, { timeout: 15_000 }).toBe(200);
    // The live connection came back too: open streams are told to reload (events in the gap are
    // lost), and new events reach them again.
    await sse.next(type("stale"), 15_000);
    expect((await request(`/api/community/pieces/${piece.id}/like`, { method: "PUT", cookie: writer.cookie })).status).toBe(200);
    const liked = await sse.next(type("piece:liked"), 15_000);
    expect(JSON.parse(liked.data)).toEqual({ id: piece.id, likeCount: 1 });
    await sse.close();
  }, 60_000);
});
