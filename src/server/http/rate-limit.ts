import type { Context, MiddlewareHandler } from "hono";
import { sql } from "drizzle-orm";
import { tooManyRequestsMessage } from "#shared/errors.ts";
import { CLIENT_IP_HEADER, LONGEST_LIMIT_WINDOW_MS } from "./limits.ts";
import type { Queryable } from "../db/client.ts";
import { rateLimits } from "../db/schema/index.ts";
import type { AppEnv } from "./context.ts";
import { HttpError } from "./errors.ts";

/*
 * Per-client fixed-window limits for expensive or abusable endpoints (sign-up, likes, comments,
 * writing sessions, OG images, share links, profile updates). The counters live in the database
 * (better-auth's `rate_limit` table, under keys of our own), so a limit holds however many app
 * instances share it: one atomic upsert per request counts and answers. A route may stack
 * several (a short window and a daily cap); a refusal says the real wait, in its message and in
 * Retry-After alike.
 */

export interface RateLimitOptions {
  bucket: string;
  windowMs: number;
  max: number;
  /** Whose requests are counted together: the client address (default) or the signed-in account. */
  per?: "ip" | "account";
  /** Logged (once per window, at its first refusal) for a limit an operator should hear about. */
  alert?: string;
}

/** Counts one request against `key`; returns the count in the current window and when it ends. */
export async function hit(db: Queryable, key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }> {
  const expired = sql`${rateLimits.lastRequest} <= ${now - windowMs}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      // `last_request` holds the window's start for our keys.
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, start: rateLimits.lastRequest });
  return { count: row!.count, resetAt: row!.start + windowMs };
}

/** Deletes our counters whose window has long passed (better-auth's rows are its own to manage). */
export async function pruneRateLimits(db: Queryable, now: number): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} like 'app:%' and ${rateLimits.lastRequest} < ${now - LONGEST_LIMIT_WINDOW_MS}`);
}

export function rateLimit(opts: RateLimitOptions): MiddlewareHandler<AppEnv> {
  // A longer window would be pruned (here and by better-auth) before it ends.
  if (opts.windowMs > LONGEST_LIMIT_WINDOW_MS) throw new Error(`rate limit "${opts.bucket}": window longer than LONGEST_LIMIT_WINDOW_MS`);
  return async (c, next) => {
    const { env, db, clock } = c.get("deps");
    const max = Math.max(1, Math.round(opts.max * env.AUTH_RATE_LIMIT_SCALE));
    const user = opts.per === "account" ? c.get("user") : null;
    const who = user ? `u:${user.id}` : `ip:${c.req.header(CLIENT_IP_HEADER) ?? "unknown"}`;
    const now = clock.now().getTime();
    const { count, resetAt } = await hit(db, `app:${opts.bucket}:${who}`, opts.windowMs, now);
    if (count > max) {
      if (opts.alert && count === max + 1) console.warn(JSON.stringify({ level: "warn", msg: opts.alert, bucket: opts.bucket, who }));
      throw refuseFor(c, (resetAt - now) / 1000);
    }
    await next();
  };
}

/**
 * The 429 of every limit: its message and its Retry-After header say the same wait (whole
 * seconds, at least one), e.g. "Too many attempts. Please wait 7 minutes and try again."
 */
export function refuseFor(c: Context, seconds: number): HttpError {
  const waitS = Math.max(1, Math.ceil(Number.isFinite(seconds) ? seconds : 60));
  c.header("Retry-After", String(waitS));
  return new HttpError(429, "rate_limited", tooManyRequestsMessage(waitS));
}
