import type { MiddlewareHandler } from "hono";
import { sql } from "drizzle-orm";
import { CLIENT_IP_HEADER } from "../auth.ts";
import type { Queryable } from "../db/client.ts";
import { rateLimits } from "../db/schema/index.ts";
import type { AppEnv } from "./context.ts";
import { HttpError } from "./errors.ts";

/*
 * Per-client fixed-window limits for expensive or abusable endpoints outside better-auth (likes,
 * comments, writing sessions, OG images, share links, profile updates). The counters live in
 * the database (better-auth's `rate_limit` table, under keys of our own), so a limit holds
 * however many app instances share it: one atomic upsert per request counts and answers.
 */

export interface RateLimitOptions {
  bucket: string;
  windowMs: number;
  max: number;
  /** Whose requests are counted together: the client address (default) or the signed-in account. */
  per?: "ip" | "account";
  message?: string;
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

/** The longest window any limit uses: rows older than this count for nothing. */
const LONGEST_WINDOW_MS = 24 * 60 * 60_000;

/** Deletes our counters whose window has long passed (better-auth's rows are its own to manage). */
export async function pruneRateLimits(db: Queryable, now: number): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} like 'app:%' and ${rateLimits.lastRequest} < ${now - LONGEST_WINDOW_MS}`);
}

export function rateLimit(opts: RateLimitOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { env, db, clock } = c.get("deps");
    const max = Math.max(1, Math.round(opts.max * env.AUTH_RATE_LIMIT_SCALE));
    const user = opts.per === "account" ? c.get("user") : null;
    const who = user ? `u:${user.id}` : `ip:${c.req.header(CLIENT_IP_HEADER) ?? "unknown"}`;
    const now = clock.now().getTime();
    const { count, resetAt } = await hit(db, `app:${opts.bucket}:${who}`, opts.windowMs, now);
    if (count > max) {
      const waitS = Math.max(1, Math.ceil((resetAt - now) / 1000));
      c.header("Retry-After", String(waitS));
      throw new HttpError(429, "rate_limited", opts.message ?? `Too many requests. Please wait ${waitText(waitS)} and try again.`);
    }
    await next();
  };
}

/** "a minute", "2 minutes", "30 seconds": the real wait, as a person would say it. */
export function waitText(seconds: number): string {
  if (seconds <= 45) return seconds === 1 ? "a second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "a minute" : `${minutes} minutes`;
}
