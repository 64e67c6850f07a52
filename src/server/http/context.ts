import type { Context, MiddlewareHandler } from "hono";
import type { SessionUser } from "./session-user.ts";
import type { Deps } from "../deps.ts";
import { forbidden, unauthorized } from "./errors.ts";

/** The signed-in writer, as the server knows them for this request. */
export type { SessionUser };

export type AppEnv = {
  Variables: {
    deps: Deps;
    user: SessionUser | null;
    sessionId: string | null;
    /** The browser's IANA time zone from X-Time-Zone (valid) or the user's stored one, else UTC. */
    timeZone: string;
  };
};

export type AppContext = Context<AppEnv>;

/** The signed-in user or a 401 with the given message (spec §5 "You must be logged in to ..."). */
export function requireUser(c: AppContext, message?: string): SessionUser {
  const user = c.get("user");
  if (!user) throw unauthorized(message);
  return user;
}

/** An admin or a 401 (visitor) / 403 (writer). Checked against the admins table on the server. */
export function requireAdmin(c: AppContext, message?: string): SessionUser {
  const user = requireUser(c, message);
  if (!user.isAdmin) throw forbidden("Only admins can do that", "not_admin");
  return user;
}

/**
 * A signed-in route's first middleware (issue 24 item 6): a visitor hears 401 before any rate
 * limit, path, query or body is read, whatever they send (http/signed-in-routes.test.ts walks
 * every route). The handler's own requireUser then reads the writer.
 */
export const signedIn =
  (message?: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    requireUser(c, message);
    await next();
  };

/** An admin route's first middleware: a visitor hears 401 and a writer 403 before the request is read. */
export const adminOnly =
  (message?: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    requireAdmin(c, message);
    await next();
  };
