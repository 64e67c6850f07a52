import { and, count, desc, eq, gt, ne } from "drizzle-orm";
import { describeDevice } from "#shared/domain/device.ts";
import { DEVICES_LIST_MAX, type DevicesResponse } from "#shared/schemas/account.ts";
import type { Db } from "../../db/client.ts";
import { sessions } from "../../db/schema/index.ts";

/*
 * A writer's signed-in devices are their live rows of better-auth's `session` table (no cookie
 * cache is configured, so a deleted row is signed out at its next request). Every statement is
 * scoped by the owner's id: another writer's session id matches nothing.
 */

const live = (userId: string, now: Date) => and(eq(sessions.userId, userId), gt(sessions.expiresAt, now));

/** The newest DEVICES_LIST_MAX live sessions (session_user_id_idx), most recently active first, and how many more there are. */
export async function listDevices(db: Db, userId: string, currentId: string | null, now: Date): Promise<DevicesResponse> {
  const rows = await db
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, updatedAt: sessions.updatedAt })
    .from(sessions)
    .where(live(userId, now))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id))
    .limit(DEVICES_LIST_MAX);
  let more = 0;
  if (rows.length === DEVICES_LIST_MAX) {
    const [total] = await db.select({ n: count() }).from(sessions).where(live(userId, now));
    more = Math.max(0, (total?.n ?? 0) - rows.length);
  }
  const devices = rows.map((r) => ({
    id: r.id,
    device: describeDevice(r.userAgent),
    signedInAt: r.createdAt.toISOString(),
    lastActiveAt: r.updatedAt.toISOString(),
    current: r.id === currentId,
  }));
  // This device first, whatever its last activity.
  devices.sort((a, b) => Number(b.current) - Number(a.current));
  return { devices, more };
}

/** Ends one of the writer's own sessions; false when they have none with this id. */
export async function endSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every session of the writer but this one; how many. */
export async function endOtherSessions(db: Db, userId: string, currentId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentId)))
    .returning({ id: sessions.id });
  return ended.length;
}
