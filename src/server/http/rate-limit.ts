import type { MiddlewareHandler } from "hono";
import { CLIENT_IP_HEADER } from "../auth.ts";
import type { AppEnv } from "./context.ts";
import { HttpError } from "./errors.ts";

/**
 * A small per-client fixed-window limiter for expensive or abusable endpoints outside better-auth
 * (writing-session minting, OG image drawing). Counters live in this process: each app instance
 * limits on its own, which is enough to stop one client hammering one instance.
 */
export function rateLimit(opts: { bucket: string; windowMs: number; max: number; message?: string }): MiddlewareHandler<AppEnv> {
  const hits = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = 0;
  return async (c, next) => {
    const scale = c.get("deps").env.AUTH_RATE_LIMIT_SCALE;
    const max = Math.max(1, Math.round(opts.max * scale));
    const now = Date.now();
    if (now - lastSweep > opts.windowMs) {
      for (const [k, v] of hits) if (v.resetAt <= now) hits.delete(k);
      lastSweep = now;
    }
    const key = c.req.header(CLIENT_IP_HEADER) ?? "unknown";
    let entry = hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + opts.windowMs };
      hits.set(key, entry);
    }
    entry.count++;
    if (entry.count > max) {
      c.header("Retry-After", String(Math.ceil((entry.resetAt - now) / 1000)));
      throw new HttpError(429, "rate_limited", opts.message ?? "Too many requests. Please wait a minute and try again.");
    }
    await next();
  };
}
