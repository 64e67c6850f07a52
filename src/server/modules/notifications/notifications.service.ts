import { and, asc, count, eq, gt, isNull } from "drizzle-orm";
import type { PromptKind } from "#shared/domain/prompt-choice.ts";
import { notificationText } from "#shared/domain/notifications.ts";
import { NOTIFICATION_MESSAGES, NOTIFICATIONS_PAGE_SIZE, notificationData, type NotificationItem, type NotificationList } from "#shared/schemas/notifications.ts";
import type { Queryable } from "../../db/client.ts";
import { circles, notifications, prompts, submissions } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { keyTimeSql, newestFirstPager } from "../../db/keyset.ts";
import { notFound } from "../../http/errors.ts";
import { signalUser } from "../../realtime/user-signals.ts";
import { notifiedPieceName, pieceNameColumns } from "./piece-name.query.ts";

/* A writer's own notifications (issue 14 item 6): the list, the unread count, marking read. */

const columns = {
  id: notifications.id,
  kind: notifications.kind,
  submissionId: notifications.submissionId,
  data: notifications.data,
  count: notifications.count,
  readAt: notifications.readAt,
  updatedAt: notifications.updatedAt,
  ...pieceNameColumns,
  circleName: circles.name,
  circleSlug: circles.slug,
};
type Row = {
  id: string;
  kind: NotificationItem["kind"];
  submissionId: string | null;
  data: unknown;
  count: number;
  readAt: Date | null;
  updatedAt: Date;
  title: string | null;
  promptText: string | null;
  promptKind: PromptKind | null;
  circleName: string | null;
  circleSlug: string | null;
};


/** A row as its owner sees it; a row whose data does not parse is left out (never a 500). */
function toItem(r: Row): NotificationItem[] {
  const data = notificationData.safeParse(r.data);
  if (!data.success) return [];
  // A circle's notification names the circle as it is called now (issue 29 item 8).
  const about = r.circleName ?? notifiedPieceName(r.title, r.promptText, r.promptKind);
  return [
    {
      id: r.id,
      kind: r.kind,
      message: notificationText(data.data, about, r.count),
      pieceId: r.submissionId,
      // A write-in's reminder leads to the write-in, not to its circle.
      circleSlug: data.data.kind === "write_in_soon" ? null : r.circleSlug,
      writeInId: data.data.kind === "write_in_soon" ? data.data.writeInId : null,
      count: r.count,
      updatedAt: r.updatedAt.toISOString(),
      read: r.readAt !== null,
    },
  ];
}

const pager = newestFirstPager(NOTIFICATIONS_PAGE_SIZE, NOTIFICATION_MESSAGES.badCursor);

/** The writer's notifications, newest first, NOTIFICATIONS_PAGE_SIZE a page, through notifications_user_updated_idx. */
export async function listNotifications(db: Queryable, userId: string, rawCursor: string | undefined): Promise<NotificationList> {
  const after = pager.decode(rawCursor);
  const rows = await db
    .select({ ...columns, cursorTs: keyTimeSql(notifications.updatedAt) })
    .from(notifications)
    // Each listed row's piece, by primary key (the page is bounded).
    .leftJoin(submissions, eq(submissions.id, notifications.submissionId))
    .leftJoin(prompts, eq(prompts.id, submissions.promptId))
    .leftJoin(circles, eq(circles.id, notifications.circleId))
    .where(
      and(
        eq(notifications.userId, userId),
        pager.olderThan(notifications.updatedAt, notifications.id, after),
      ),
    )
    .orderBy(...pager.order(notifications.updatedAt, notifications.id))
    .limit(pager.limit);
  const { page, nextCursor } = pager.page(rows);
  return { items: page.flatMap(toItem), nextCursor };
}

/** How many of the writer's notifications are unread (notifications_user_unread_idx). */
export async function unreadCountOf(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the writer's notifications read (again is fine); someone else's is as missing as none. Answers the new count. */
export async function markRead(deps: Deps, userId: string, id: string): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .for("update");
    if (!found) throw notFound(NOTIFICATION_MESSAGES.notFound);
    if (!found.readAt) {
      await tx.update(notifications).set({ readAt: deps.clock.now() }).where(eq(notifications.id, id));
      await signalUser(tx, userId);
    }
    return unreadCountOf(tx, userId);
  });
}

/** Marks every unread notification of the writer read; their other tabs hear the new count. */
export async function markAllRead(deps: Deps, userId: string): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const marked = await tx
      .update(notifications)
      .set({ readAt: deps.clock.now() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (marked.length > 0) await signalUser(tx, userId);
    return unreadCountOf(tx, userId);
  });
}

/** How many unread notifications the email digest lists at most. */
export const DIGEST_LIMIT = 50;

/**
 * For the email digest (issue 14 item 6, built on the job queue): the writer's notifications
 * still unread that changed after `since`, oldest first, at most `limit`.
 */
export async function unreadSince(db: Queryable, userId: string, since: Date, limit = DIGEST_LIMIT): Promise<NotificationItem[]> {
  const rows = await db
    .select(columns)
    .from(notifications)
    // Each listed row's piece, by primary key (the page is bounded).
    .leftJoin(submissions, eq(submissions.id, notifications.submissionId))
    .leftJoin(prompts, eq(prompts.id, submissions.promptId))
    .leftJoin(circles, eq(circles.id, notifications.circleId))
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), gt(notifications.updatedAt, since)))
    .orderBy(asc(notifications.updatedAt), asc(notifications.id))
    .limit(limit);
  return rows.flatMap(toItem);
}
