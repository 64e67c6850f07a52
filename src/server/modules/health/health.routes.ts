import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";

export const healthRoutes = new Hono<AppEnv>()
  /** Public settings the client mirrors: the name, the public URL, the writing time the server enforces. */
  .get("/config", (c) => {
    const { env } = c.get("deps");
    c.header("Cache-Control", "no-cache");
    return c.json({ siteName: env.SITE_NAME, appUrl: env.APP_URL, minWritingSeconds: env.MIN_WRITING_SECONDS });
  })
  /** Test-only (TEST_CLOCK, never in production): move the server clock to check expiries. */
  .post("/test/clock", async (c) => {
    const { testClock } = c.get("deps");
    if (!testClock) return c.json({ code: "not_found", message: "Not found" }, 404);
    const body = (await c.req.json().catch(() => ({}))) as { advanceMs?: unknown; reset?: unknown };
    if (body.reset === true) testClock.reset();
    if (typeof body.advanceMs === "number" && Number.isFinite(body.advanceMs)) testClock.advance(body.advanceMs);
    return c.json({ now: testClock.now().toISOString() });
  })
  .get("/health", async (c) => {
  const { database } = c.get("deps");
  const started = performance.now();
  try {
    await database.ping();
    return c.json({ status: "ok" as const, database: database.kind, ms: Math.round(performance.now() - started) });
  } catch (err) {
    return c.json({ status: "error" as const, database: database.kind, message: String(err) }, 503);
  }
});
