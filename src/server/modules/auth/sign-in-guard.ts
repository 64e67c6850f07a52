import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { rateLimits } from "../../db/schema/index.ts";

/*
 * Guessing one writer's password from many addresses (docs/decisions/008): the per-address limit
 * cannot see it, so failures are also counted per account, in the database (every instance sees
 * them). The first few are free; after that each attempt must wait twice as long as the last,
 * up to a minute — so a script gets a handful of guesses an hour, while a stranger who knows a
 * writer's email can slow their sign-in by at most a minute, never lock them out. A successful
 * sign-in clears the count; so do 15 quiet minutes.
 */

export const FREE_FAILURES = 5;
export const MAX_DELAY_S = 60;
const QUIET_MS = 15 * 60_000;

/** Seconds an account must wait after `failures` wrong passwords in a row: 0 … 0, 2, 4, 8, 16, 32, 60, 60 … */
export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_S, 2 ** (failures - FREE_FAILURES + 1));
}

/** The counter of wrong passwords for an address (account deletion removes it). */
export const signInFailuresKey = (email: string) => `app:sign-in-failures:${email.trim().toLowerCase()}`;
const keyOf = signInFailuresKey;

/** Seconds the account must still wait after wrong passwords, or 0 (the route refuses with a 429 for that long). */
export async function coolingDownFor(db: Queryable, email: string, now: number): Promise<number> {
  const [row] = await db.select({ count: rateLimits.count, last: rateLimits.lastRequest }).from(rateLimits).where(eq(rateLimits.key, keyOf(email)));
  if (!row || now - row.last > QUIET_MS) return 0;
  const waitMs = row.last + delayAfter(row.count) * 1000 - now;
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

export async function recordFailure(db: Queryable, email: string, now: number): Promise<void> {
  const quiet = sql`${rateLimits.lastRequest} < ${now - QUIET_MS}`;
  await db
    .insert(rateLimits)
    .values({ key: keyOf(email), count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: sql`case when ${quiet} then 1 else ${rateLimits.count} + 1 end`, lastRequest: now },
    });
}

export async function clearFailures(db: Queryable, email: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, keyOf(email)));
}
