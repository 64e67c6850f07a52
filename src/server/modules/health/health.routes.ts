import { statfsSync } from "node:fs";
import { Hono } from "hono";
import { appConfig, healthResponse, readyResponse, testClockInput, testClockResponse } from "#shared/schemas/health.ts";
import type { AppEnv } from "../../http/context.ts";
import { notFound, SERVICE_MESSAGES } from "../../http/errors.ts";
import { isDiskFull } from "../../db/errors.ts";
import { respond } from "../../http/respond.ts";
import { runScheduledNow } from "../../jobs/registry.ts";
import { notReady, readiness } from "../../http/readiness.ts";

export const healthRoutes = new Hono<AppEnv>()
  /** Public settings the client mirrors: the name, the public URL, the writing time the server enforces. */
  .get("/config", (c) => {
    const { env } = c.get("deps");
    c.header("Cache-Control", "no-cache");
    return respond(c, appConfig, { siteName: env.SITE_NAME, appUrl: env.APP_URL, minWritingSeconds: env.MIN_WRITING_SECONDS });
  })
  /** Test-only (TEST_CLOCK, never in production): move the server clock to check expiries and scheduled emails. */
  .post("/test/clock", async (c) => {
    const { testClock } = c.get("deps");
    if (!testClock) throw notFound();
    const body = testClockInput.parse(await c.req.json().catch(() => ({})));
    if (body.reset) testClock.reset();
    if (body.setTo !== undefined) testClock.set(new Date(body.setTo));
    if (body.advanceMs !== undefined) testClock.advance(body.advanceMs);
    if (body.runScheduled) await runScheduledNow(c.get("deps"));
    return respond(c, testClockResponse, { now: testClock.now().toISOString() });
  })
  /** Readiness, for a load balancer: 503 naming the failed check while shutting down, without the database or behind on migrations. */
  .get("/ready", async (c) => {
    const { database, shutdown } = c.get("deps");
    c.header("Cache-Control", "no-store");
    const failed = await readiness(database, shutdown);
    return failed ? respond(c, readyResponse, notReady(failed), 503) : respond(c, readyResponse, { ready: true });
  })
  /** Liveness: the process answers, with a database round trip and room on DATA_DIR's disk. */
  .get("/health", async (c) => {
    const { database, env } = c.get("deps");
    const started = performance.now();
    const down = (message: string) => respond(c, healthResponse, { status: "error", database: database.kind, message }, 503);
    if (diskNearlyFull(env.DATA_DIR)) return down(SERVICE_MESSAGES.diskFull);
    try {
      await database.ping();
      return respond(c, healthResponse, { status: "ok", database: database.kind, ms: Math.round(performance.now() - started) });
    } catch (err) {
      return down(isDiskFull(err) ? SERVICE_MESSAGES.diskFull : SERVICE_MESSAGES.databaseUnavailable);
    }
  });

/** Below this much free space on DATA_DIR's filesystem, writes are about to fail: say so before they do. */
export const MIN_FREE_BYTES = 16 * 1024 * 1024;

function diskNearlyFull(dir: string): boolean {
  try {
    const fs = statfsSync(dir);
    return fs.bavail * fs.bsize < MIN_FREE_BYTES;
  } catch {
    return false; // no DATA_DIR yet (PostgreSQL deployments): nothing to judge
  }
}
