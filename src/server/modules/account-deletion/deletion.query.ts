import { sql } from "drizzle-orm";
import { z } from "zod";
import { publicPieceSql, shownCommentSql } from "../../db/audience.ts";
import type { Tx } from "../../db/client.ts";
import { DELETED_WRITER_ID } from "../../db/deleted-writer.ts";
import { JOBS_SCHEMA } from "../../jobs/queue.ts";
import { escapeLike } from "../../db/query-parts.ts";
import { typedRows } from "../../db/typed-rows.ts";
import { signInFailuresKey } from "../auth/sign-in-guard.ts";

/*
 * The statements of an account deletion that the query builder cannot say (issue 15 item 5).
 * Each runs in the deletion's one transaction; `uid` is the writer leaving.
 */

const countRow = z.object({ id: z.string(), n: z.coerce.number(), is_private: z.boolean() });

/** Other writers' pieces lose this writer's likes: like_count down by one each (a like is one per writer and piece). */
export function takeBackLikes(tx: Tx, uid: string) {
  return typedRows(
    tx,
    sql`update submissions s set like_count = greatest(s.like_count - 1, 0)
        from submission_likes l
        where l.user_id = ${uid}::uuid and l.submission_id = s.id and s.user_id <> ${uid}::uuid
        returning s.id, s.like_count as n, s.is_private`,
    countRow,
  );
}

/** Other writers' pieces lose this writer's comments: comment_count down by the visible ones (a hidden comment is already off the count). */
export function takeBackComments(tx: Tx, uid: string) {
  return typedRows(
    tx,
    sql`with gone as (
          select submission_id, count(*) as n from submission_comments
          where user_id = ${uid}::uuid and ${shownCommentSql(sql`submission_comments`)} group by submission_id
        )
        update submissions s set comment_count = greatest(s.comment_count - gone.n, 0)
        from gone
        where gone.submission_id = s.id and s.user_id <> ${uid}::uuid
        returning s.id, s.comment_count as n, s.is_private`,
    countRow,
  );
}

/**
 * "X commented on your piece" told other writers this writer's label: it becomes "Anonymous".
 * A comment notification names no comment, only the piece and the label: it is found by the
 * moment it was told, which is its comment's (one statement writes both), so a label the writer
 * has since changed is found too; and by the labels they go by now on the pieces they commented
 * on (a comment they deleted afterwards left its notification).
 */
export async function anonymiseCommentNotifications(tx: Tx, uid: string, labels: string[]): Promise<void> {
  const byLabel = labels.length
    ? sql`n.data->>'by' in (${sql.join(labels.map((l) => sql`${l}`), sql`, `)})`
    : sql`false`;
  // Driven by the writer's comments (submission_comments_user_idx), then notifications_submission_idx.
  await tx.execute(sql`update notifications n set data = jsonb_set(n.data, '{by}', '"Anonymous"')
    where n.kind = 'comment' and n.submission_id in (select submission_id from submission_comments where user_id = ${uid}::uuid)
      and (${byLabel} or exists (
        select 1 from submission_comments c where c.user_id = ${uid}::uuid and c.submission_id = n.submission_id and c.created_at = n.created_at))`);
}

/** Open reports about pieces (and their comments) or comments about to be deleted close as "deleted". */
export async function closeReportsOfDeleted(tx: Tx, pieceIds: string[], commentsOfUser: boolean, uid: string, now: Date): Promise<number> {
  const pieces = pieceIds.length ? sql`array[${sql.join(pieceIds.map((id) => sql`${id}::uuid`), sql`, `)}]` : sql`array[]::uuid[]`;
  const { rows } = (await tx.execute(sql`update reports set status = 'closed', outcome = 'deleted', closed_at = ${now.toISOString()}::timestamptz
    where status = 'open' and (
      (item_kind = 'piece' and item_id = any(${pieces}))
      or (item_kind = 'comment' and item_id in (
        select id from submission_comments where submission_id = any(${pieces})
        ${commentsOfUser ? sql`union all select id from submission_comments where user_id = ${uid}::uuid` : sql``}))
    ) returning id`)) as { rows: unknown[] };
  return rows.length;
}

/**
 * Kept public pieces become the deleted writer's, signed Anonymous, with nothing of the writer
 * left on them (no alias, no streak, no private version, no idempotency key).
 */
export function keepPiecesAnonymous(tx: Tx, uid: string) {
  return typedRows(
    tx,
    sql`update submissions set user_id = ${DELETED_WRITER_ID}::uuid, submission_type = 'anonymous', author_alias = null, author_streak = null,
          private_title = null, private_content = null, private_word_count = null, private_pages_written = null, idempotency_key = null
        where user_id = ${uid}::uuid and ${publicPieceSql(sql`submissions`)}
        returning id, comments_off, content_warning`,
    z.object({ id: z.string(), comments_off: z.boolean(), content_warning: z.string().nullable() }),
  );
}

/** Moderation marks and the audit record keep what was done, not who: this writer's id becomes the deleted writer's. */
export async function anonymiseModerationRecords(tx: Tx, uid: string): Promise<void> {
  const to = sql`${DELETED_WRITER_ID}::uuid`;
  await tx.execute(sql`update submissions set hidden_by = ${to} where hidden_at is not null and hidden_by = ${uid}::uuid`);
  await tx.execute(sql`update submission_comments set hidden_by = ${to} where hidden_at is not null and hidden_by = ${uid}::uuid`);
  await tx.execute(sql`update trashed_pieces set hidden_by = ${to} where hidden_by = ${uid}::uuid`);
  await tx.execute(sql`update trashed_comments set hidden_by = ${to} where hidden_by = ${uid}::uuid`);
  // The only update the audit log's trigger allows (migration 0013).
  await tx.execute(sql`update audit_log set admin_id = ${to} where admin_id = ${uid}::uuid`);
  await tx.execute(sql`update audit_log set subject_writer_id = ${to} where subject_writer_id = ${uid}::uuid`);
}

/**
 * Rows outside the foreign keys that hold the writer's id or address: our rate-limit counters
 * ("app:<bucket>:u:<id>", and wrong passwords counted by address), better-auth's verification tokens (a reset token's value is the id),
 * and the job queue's jobs (a queued or finished email holds the address, a per-writer job the
 * id). Jobs are found by their data (and output, where a mail server's error may quote the
 * address) as text: a scan of the job and archive tables, bounded by the week (finished) or
 * month (failed) pg-boss keeps them — an account deletion is rare, and only its own rows match.
 */
export async function deleteLooseTraces(tx: Tx, uid: string, email: string): Promise<void> {
  await tx.execute(sql`delete from rate_limit where key like ${`app:%:u:${uid}`}`);
  // The sign-in guard counts wrong passwords under the address.
  await tx.execute(sql`delete from rate_limit where key = ${signInFailuresKey(email)}`);
  await tx.execute(sql`delete from verification where value = ${uid} or lower(identifier) = ${email.toLowerCase()} or identifier like ${`%${uid}%`}`);
  const like = (col: string) => sql`(${sql.raw(col)}::text ilike ${`%${uid}%`} or ${sql.raw(col)}::text ilike ${`%${escapeLike(email)}%`})`;
  for (const table of ["job", "archive"]) {
    await tx.execute(sql`delete from ${sql.raw(`${JOBS_SCHEMA}.${table}`)} where ${like("data")} or ${like("output")}`);
  }
}
