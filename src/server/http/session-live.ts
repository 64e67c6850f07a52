import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "../db/client.ts";
import { sessions, users } from "../db/schema/index.ts";
import { FixedStatement, fixedRows, timestampColumn } from "../db/typed-rows.ts";
import type { VerifiedSession } from "./session-cache.ts";

/*
 * A write's session, confirmed in one statement (issue 28 item 6). What better-auth verified once
 * for a cookie (its HMAC, and which session row its token names) cannot change: a token names one
 * session for good. What can change is whether that row is still there and live (sign-out, a
 * device signed out, a password changed, an expiry) and what its writer's row says (a suspension,
 * the name, the zone). So a write whose cookie the session cache knows reads the session row by
 * its id, joined to the writer's row, afresh: the same two rows better-auth's own lookup reads, in
 * one round trip instead of two and without better-auth's machinery around them. No row (signed
 * out, revoked, expired): better-auth is asked as before, which also clears what it must.
 */
const liveSessionStatement = new FixedStatement(
  ["sessionId", "userId", "now"],
  ({ sessionId, userId, now }) => sql`
    select s.expires_at, u.email, u.name, u.alias, u.email_verified, u.time_zone,
      u.suspended_at, u.suspended_until, u.suspension_reason
    from ${sessions} s join ${users} u on u.id = s.user_id
    where s.id = ${sessionId}::uuid and s.user_id = ${userId}::uuid and s.expires_at > ${now}::timestamptz`,
);

const liveSessionRow = z.object({
  expires_at: timestampColumn,
  email: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  email_verified: z.boolean(),
  time_zone: z.string(),
  suspended_at: timestampColumn.nullable(),
  suspended_until: timestampColumn.nullable(),
  suspension_reason: z.string().nullable(),
});

/** `known`'s session as its rows say now, or null when its row is gone or expired. */
export async function liveSession(q: Queryable, known: VerifiedSession, now: Date): Promise<VerifiedSession | null> {
  const values = { sessionId: known.sessionId, userId: known.user.id, now: now.toISOString() };
  const [row] = await fixedRows(q, liveSessionStatement, values, liveSessionRow);
  if (!row) return null;
  return {
    sessionId: known.sessionId,
    expiresAt: row.expires_at,
    user: {
      id: known.user.id,
      email: row.email,
      name: row.name,
      alias: row.alias,
      emailVerified: row.email_verified,
      timeZone: row.time_zone,
      suspension: { suspendedAt: row.suspended_at, suspendedUntil: row.suspended_until, reason: row.suspension_reason },
    },
  };
}
