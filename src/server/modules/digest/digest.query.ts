import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notifications } from "../../db/schema/index.ts";
import type { DigestItem } from "../../mail/digest-mail.ts";
import { unreadSince as unreadNotificationsSince } from "../notifications/notifications.service.ts";

/**
 * The digest's unread notifications changed after `since` (all unread when null), as the bell
 * words them, at most `limit`, and how many there are in all (notifications_user_unread_idx).
 */
export async function unreadSince(db: Db, userId: string, since: Date | null, limit: number): Promise<{ items: DigestItem[]; total: number }> {
  const after = since ?? new Date(0);
  const items = await unreadNotificationsSince(db, userId, after, limit);
  const [counted] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), gt(notifications.updatedAt, after)));
  return { items, total: counted?.n ?? items.length };
}
