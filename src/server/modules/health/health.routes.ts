import { Hono } from "hono";
import { appConfig, healthResponse, testClockInput, testClockResponse } from "#shared/schemas/health.ts";
import type { AppEnv } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { respond } from "../../http/respond.ts";

export const healthRoutes = new Hono<AppEnv>()
  /** Public settings the client mirrors: the name, the public URL, the writing time the server enforces. */
  .get("/config", (c) => {
    const { env } = c.get("deps");
    c.header("Cache-Control", "no-cache");
    return respond(c, appConfig, { siteName: env.SITE_NAME, appUrl: env.APP_URL, minWritingSeconds: env.MIN_WRITING_SECONDS });
  })
  /** Test-only (TEST_CLOCK, never in production): move the server clock to check expiries. */
  .post("/test/clock", async (c) => {
    const { testClock } = c.get("deps");
    if (!testClock) throw notFound();
    const body = testClockInput.parse(await c.req.json().catch(() => ({})));
    if (body.reset) testClock.reset();
    if (body.advanceMs !== undefined) testClock.advance(body.advanceMs);
    return respond(c, testClockResponse, { now: testClock.now().toISOString() });
  })
  .get("/health", async (c) => {
    const { database } = c.get("deps");
    const started = performance.now();
    try {
      await database.ping();
      return respond(c, healthResponse, { status: "ok", database: database.kind, ms: Math.round(performance.now() - started) });
    } catch (err) {
      return respond(c, healthResponse, { status: "error", database: database.kind, message: String(err) }, 503);
    }
  });
