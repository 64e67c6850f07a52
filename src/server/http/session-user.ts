/** Who is signed in, as the session middleware reads it (http/session.ts); its own file so the session cache need not import the request context. */
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
