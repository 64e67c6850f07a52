import { createHash, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import { notFound, unauthorized } from "../../http/errors.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/** `Authorization: Bearer <token>` names `token`; compared in constant time (on hashes, so lengths do not show). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return timingSafeEqual(sha256(match?.[1] ?? ""), sha256(token)) && match !== null;
}

/**
 * GET /metrics: Prometheus text for a monitoring system (issue 27 item 2). It exists only when
 * METRICS_TOKEN is set (otherwise a 404, as for any unknown path), and answers only that token.
 */
export const metricsRoutes = new Hono<AppEnv>().get("/metrics", async (c) => {
  const { env, metrics } = c.get("deps");
  if (!env.METRICS_TOKEN || !metrics) throw notFound();
  if (!bearerMatches(c.req.header("authorization"), env.METRICS_TOKEN)) {
    c.header("WWW-Authenticate", 'Bearer realm="metrics"');
    throw unauthorized("The metrics need their bearer token.");
  }
  const { contentType, body } = await metrics.scrape();
  return c.body(body, 200, { "Content-Type": contentType, "Cache-Control": "no-store" });
});
