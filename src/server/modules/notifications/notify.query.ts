import { sql, type SQL } from "drizzle-orm";
import { commenterLabelSql } from "../../db/author-label.ts";
import { blocks, commentNotBlockedBy } from "../../db/blocks-sql.ts";
import { DELETED_WRITER_ID } from "../../db/deleted-writer.ts";
import { USER_CHANNEL } from "../../realtime/user-signals.ts";
import type { Queryable } from "../../db/client.ts";

/*
 * The notifications of a comment and a like, as CTEs of the statement that makes them (a like
 * and a comment each keep their statement budget: write-round-trips.test.ts). Each inserts into
 * `told` (returning the writer told) and signals that writer's streams on commit: the statement's
 * final select must read `toldColumn` so the signal runs.
 */

const at = (when: Date) => sql`${when.toISOString()}::timestamptz`;

/** The shared account of writers who left (pieces kept as Anonymous): it is told nothing. */
const nobody = sql`${DELETED_WRITER_ID}::uuid`;

/** Signals, on commit, every writer `told` returned (a materialized CTE: it runs once, whole). */
const signalTold = sql`told_signal as materialized (select pg_notify(${USER_CHANNEL}, told.user_id::text) from told)`;

/** The final select's column that makes `told_signal` run: how many writers were told. */
export const toldColumn = sql`(select count(*) from told_signal)::int`;

/**
 * After CTEs `c` (the comment inserted) and `s` (its piece, updated): tells the piece's writer, by
 * the label the comment shows on the piece (the comments list's own expression), unless they wrote
 * it or block the signature it carries.
 */
export function commentNotificationCtes(when: Date): SQL {
  const label = commenterLabelSql(sql`c.user_id = s.user_id`, sql`s.submission_type`, sql`s.author_alias`, sql`u.name`, sql`u.alias`);
  return sql`told as (
      insert into notifications (user_id, kind, submission_id, data, created_at, updated_at)
      select s.user_id, 'comment', s.id, jsonb_build_object('kind', 'comment', 'by', ${label}), ${at(when)}, ${at(when)}
      from c join s on s.id = c.submission_id join users u on u.id = c.user_id
      where c.user_id <> s.user_id and s.user_id <> ${nobody} and ${commentNotBlockedBy(sql`s.user_id`, sql`c`)}
      returning user_id
    ),
    ${signalTold}`;
}

/**
 * After CTE `bumped` (the piece whose like count moved, with its `user_id`): counts the like into
 * the writer's unread batch for the piece, or starts one. A reader the writer blocks (under any
 * signature) adds nothing; the reader is never recorded.
 */
export function likeNotificationCtes(pieceId: string, likerId: string, when: Date): SQL {
  return sql`told as (
      insert into notifications (user_id, kind, submission_id, data, count, created_at, updated_at)
      select bumped.user_id, 'likes', ${pieceId}::uuid, '{"kind":"likes"}'::jsonb, 1, ${at(when)}, ${at(when)}
      from bumped
      where bumped.user_id <> ${likerId}::uuid and bumped.user_id <> ${nobody} and not ${blocks(sql`bumped.user_id`, sql`${likerId}::uuid`)}
      on conflict (user_id, submission_id) where kind = 'likes' and read_at is null
      do update set count = notifications.count + 1, updated_at = excluded.updated_at
      returning user_id
    ),
    ${signalTold}`;
}

/**
 * A deleted comment takes its "X commented" with it: the notification is found by the moment it
 * was told, which is its comment's (one statement writes both; notifications_submission_idx).
 */
export async function forgetCommentNotification(tx: Queryable, comment: { pieceId: string; createdAt: Date }): Promise<void> {
  await tx.execute(sql`delete from notifications where kind = 'comment' and submission_id = ${comment.pieceId}::uuid and created_at = ${at(comment.createdAt)}`);
}
