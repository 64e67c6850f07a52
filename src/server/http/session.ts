import type { MiddlewareHandler } from "hono";
import { eq } from "drizzle-orm";
import { isValidTimeZone } from "#shared/domain/dates.ts";
import { users } from "../db/schema/index.ts";
import type { AppContext, AppEnv, SessionUser } from "./context.ts";

/** The cookie prefix better-auth writes (auth.ts `cookiePrefix`): without it there is no session to look up. */
const SESSION_COOKIE = "inkwell";

/** better-auth's session for this request's cookie, or null (no cookie, expired, or the lookup failed). */
export async function sessionOf(c: AppContext) {
  const cookie = c.req.header("cookie") ?? "";
  if (!cookie.includes(SESSION_COOKIE)) return null;
  return c.get("deps").auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
}

/**
 * Who is asking: the session cookie resolved by better-auth, admin status from the admins table,
 * and the writer's time zone (X-Time-Zone when valid, kept on their row when it changed).
 */
export const session = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const deps = c.get("deps");
  const headerTz = c.req.header("x-time-zone");
  const tz = headerTz && isValidTimeZone(headerTz) ? headerTz : null;
  let user: SessionUser | null = null;
  const result = await sessionOf(c);
  if (result) {
    const u = result.user;
    user = {
      id: u.id,
      email: u.email,
      name: u.name,
      alias: u.alias ?? null,
      emailVerified: u.emailVerified,
      timeZone: u.timeZone ?? "UTC",
      isAdmin: await deps.admins.isAdmin(u.id),
    };
    if (tz && tz !== user.timeZone) {
      // The writer's calendar follows their browser: keep the zone on the user row.
      await deps.db.update(users).set({ timeZone: tz }).where(eq(users.id, user.id));
      user.timeZone = tz;
    }
  }
  c.set("user", user);
  c.set("sessionId", result?.session.id ?? null);
  c.set("timeZone", tz ?? user?.timeZone ?? "UTC");
  await next();
};
