import { eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notificationPrefs, users } from "../../db/schema/index.ts";

export interface Recipient {
  email: string;
  on: boolean;
  suspended: boolean;
  currentStreak: number;
  lastWriteDate: string | null;
}

/**
 * The writer a scheduled email is for, read again when it is composed (the choice may have
 * changed since the tick planned it): their address, whether `on` (a preference) still holds,
 * whether a suspension holds at `now`. Null when the account is gone.
 */
export async function loadRecipient(db: Db, userId: string, on: SQL, now: Date): Promise<Recipient | null> {
  const [row] = await db
    .select({
      email: users.email,
      on: on.mapWith(Boolean),
      suspendedAt: users.suspendedAt,
      suspendedUntil: users.suspendedUntil,
      currentStreak: users.currentStreak,
      lastWriteDate: users.lastWriteDate,
    })
    .from(users)
    .leftJoin(notificationPrefs, eq(notificationPrefs.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const suspended = row.suspendedAt !== null && (row.suspendedUntil === null || row.suspendedUntil > now);
  return { email: row.email, on: row.on, suspended, currentStreak: row.currentStreak, lastWriteDate: row.lastWriteDate };
}
