import type { Context } from "hono";
import type { Deps } from "../deps.ts";
import { forbidden, unauthorized } from "./errors.ts";

/** The signed-in writer, as the server knows them for this request. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  alias: string | null;
  emailVerified: boolean;
  timeZone: string;
  isAdmin: boolean;
  /** Issue 13: the writer's suspension as the session read it (absent: not read, ask the database). */
  suspension?: { suspendedAt: Date | null; suspendedUntil: Date | null; reason: string | null };
}

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
