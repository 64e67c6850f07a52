import type { MiddlewareHandler } from "hono";
import { and, eq, lte, sql } from "drizzle-orm";
import { isValidTimeZone } from "#shared/domain/dates.ts";
import { users } from "../db/schema/index.ts";
import type { AppContext, AppEnv, SessionUser } from "./context.ts";
import { HttpError, SERVICE_MESSAGES } from "./errors.ts";
import { sessionCacheKey, type VerifiedSession } from "./session-cache.ts";
import { liveSession } from "./session-live.ts";

/** The cookie prefix better-auth writes (auth.ts `cookiePrefix`): without it there is no session to look up. */
export const SESSION_COOKIE = "inkwell";

/** The stored zone follows the browser's at most this often, so a writer's day cannot be moved at will. */
export const TIME_ZONE_CHANGE_MS = 24 * 60 * 60 * 1000;

/**
 * better-auth's session for this request's cookie, or null (no cookie, or not a live session).
 * A lookup that fails (the database is down) is a 503, never "signed out": a writer mid-publish
 * must not be told to sign in again, and their client keeps the text.
 */
export async function sessionOf(c: AppContext) {
  const cookie = c.req.header("cookie") ?? "";
  if (!cookie.includes(SESSION_COOKIE)) return null;
  try {
    return await c.get("deps").auth.api.getSession({ headers: c.req.raw.headers });
  } catch {
    throw new HttpError(503, "database_unavailable", SERVICE_MESSAGES.databaseUnavailable);
  }
}

/**
 * The writer's calendar is one stored zone. It follows the browser's (travelling works), but at
 * most once a day, counted from the last change or from sign-up: two saves minutes apart under
 * two different X-Time-Zone headers stay one writing day.
 */
async function followBrowserZone(c: AppContext, user: SessionUser, browserZone: string | null): Promise<void> {
  if (!browserZone || browserZone === user.timeZone) return;
  const { db, clock } = c.get("deps");
  const now = clock.now();
  const [row] = await db
    .update(users)
    .set({ timeZone: browserZone, timeZoneChangedAt: now })
    .where(and(eq(users.id, user.id), lte(sql`coalesce(${users.timeZoneChangedAt}, ${users.createdAt})`, new Date(now.getTime() - TIME_ZONE_CHANGE_MS))))
    .returning({ timeZone: users.timeZone });
  if (!row) return;
  user.timeZone = row.timeZone;
  // Cached sessions hold the old zone.
  c.get("deps").sessions.changed(user.id);
}

/** better-auth's answer for this request, as the session middleware keeps it (no token, no admin flag). */
async function verify(c: AppContext): Promise<VerifiedSession | null> {
  const result = await sessionOf(c);
  if (!result) return null;
  const u = result.user;
  return {
    sessionId: result.session.id,
    expiresAt: result.session.expiresAt,
    user: {
      id: u.id,
      email: u.email,
      name: u.name,
      alias: u.alias ?? null,
      emailVerified: u.emailVerified,
      timeZone: u.timeZone ?? "UTC",
      suspension: { suspendedAt: u.suspendedAt ?? null, suspendedUntil: u.suspendedUntil ?? null, reason: u.suspensionReason ?? null },
    },
  };
}

/**
 * The request's verified session: a read (GET, HEAD) takes it from the session cache when it
 * holds it. A write never trusts what the cache holds of the session's rows: when the cache
 * knows its cookie, the session row and its writer's row are read afresh in one statement
 * (session-live.ts); otherwise, or when that row is gone, better-auth is asked and its answer kept.
 */
async function verifiedSession(c: AppContext): Promise<VerifiedSession | null> {
  const key = sessionCacheKey(c.req.header("cookie") ?? "", SESSION_COOKIE);
  if (!key) return null;
  const deps = c.get("deps");
  const known = deps.sessions.get(key);
  if (known && (c.req.method === "GET" || c.req.method === "HEAD")) return known;
  if (known) {
    let live: VerifiedSession | null;
    try {
      // Real time, as better-auth's own expiry check (a test clock moves the writing day, not sessions).
      live = await liveSession(deps.db, known, new Date());
    } catch {
      throw new HttpError(503, "database_unavailable", SERVICE_MESSAGES.databaseUnavailable);
    }
    if (live) return live;
  }
  return deps.sessions.remember(key, () => verify(c));
}

/**
 * Who is asking: the session cookie resolved by better-auth (or the session cache, for a read),
 * admin status from the admins table, and the writer's time zone (X-Time-Zone when valid, kept on
 * their row when it changed).
 */
export const session = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const deps = c.get("deps");
  const headerTz = c.req.header("x-time-zone");
  const tz = headerTz && isValidTimeZone(headerTz) ? headerTz : null;
  let user: SessionUser | null = null;
  const found = await verifiedSession(c);
  if (found) {
    // A copy: followBrowserZone may change it, and the cached one is shared.
    user = { ...found.user, isAdmin: await deps.admins.isAdmin(found.user.id) };
    await followBrowserZone(c, user, tz);
  }
  c.set("user", user);
  c.set("sessionId", found?.sessionId ?? null);
  // A signed-in writer's day is their stored zone's; a visitor's, their browser's.
  c.set("timeZone", user?.timeZone ?? tz ?? "UTC");
  await next();
};
