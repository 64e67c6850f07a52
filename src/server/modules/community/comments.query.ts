import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { COMMENTS_LIMIT } from "#shared/constants.ts";
import { commenterLabelSql } from "../../db/author-label.ts";
import { blocks, notBlockedByViewer } from "../../db/blocks-sql.ts";
import { timestampColumn } from "./typed-rows.ts";

/**
 * A commenter's public label (commenterLabel() in shared/domain/author.ts): their alias of today
 * if they have one, else their registered name; the piece's own writer is labelled as the piece
 * is signed instead (with the alias stored on it), so answering a comment never reveals who
 * wrote an anonymous piece, nor ties a name, or a new alias, to the piece's alias. Needs `c`
 * (comment), `u` (its user) and `s` (the piece) in scope.
 */
const COMMENT_COLUMNS = sql`c.id, c.content, c.created_at, c.user_id,
  ${commenterLabelSql(sql`c.user_id = s.user_id`, sql`s.submission_type`, sql`s.author_alias`, sql`u.name`, sql`u.alias`)} as label,
  c.user_id = s.user_id as by_writer`;

export const commentRow = z.object({
  id: z.string(),
  content: z.string(),
  created_at: timestampColumn,
  user_id: z.string(),
  label: z.string(),
  by_writer: z.boolean(),
});
export type CommentRow = z.infer<typeof commentRow>;

/**
 * The newest COMMENTS_LIMIT comments of a piece (+1, to tell whether older ones exist), newest
 * first, read backwards through submission_comments_submission_idx (submission_id, created_at, id).
 */
export function newestCommentsQuery(pieceId: string, viewerId: string | null): SQL {
  return sql`
    select ${COMMENT_COLUMNS}
    from (
      select id, content, created_at, user_id, submission_id
      from submission_comments
      where submission_id = ${pieceId}::uuid and ${notBlockedByViewer(viewerId, sql`user_id`)}
      order by created_at desc, id desc
      limit ${COMMENTS_LIMIT + 1}
    ) c
    join users u on u.id = c.user_id
    join submissions s on s.id = c.submission_id
    order by c.created_at desc, c.id desc
  `;
}

/**
 * Counts a comment on a public piece (the update locks the piece's row: concurrent comments take
 * turns, the count stays true), inserts it and reads it back as readers see it, in one statement;
 * no row when the piece is not public or does not exist, its writer turned comments off or blocks
 * the commenter (commentRefusalQuery() then says which). `comment_count` is the new count.
 */
export function addCommentQuery(pieceId: string, userId: string, content: string, at: Date): SQL {
  return sql`
    with s as (
      update submissions set comment_count = comment_count + 1
      where id = ${pieceId}::uuid and is_private = false and comments_off = false and not ${blocks(sql`user_id`, sql`${userId}::uuid`)}
      returning id, user_id, submission_type, author_alias, comment_count
    ),
    c as (
      insert into submission_comments (submission_id, user_id, content, created_at)
      select s.id, ${userId}::uuid, ${content}, ${at.toISOString()}::timestamptz from s
      returning id, submission_id, content, created_at, user_id
    )
    select ${COMMENT_COLUMNS}, s.comment_count
    from c join users u on u.id = c.user_id join s on s.id = c.submission_id
  `;
}

export const addedCommentRow = commentRow.extend({ comment_count: z.coerce.number() });

/** Why a comment was not added (only asked after addCommentQuery added none): the piece is gone or not public, or its writer blocks the commenter. */
export function commentRefusalQuery(pieceId: string, userId: string): SQL {
  return sql`
    select ${blocks(sql`s.user_id`, sql`${userId}::uuid`)} as blocked, s.comments_off
    from submissions s where s.id = ${pieceId}::uuid and s.is_private = false
  `;
}

export const commentRefusalRow = z.object({ blocked: z.boolean(), comments_off: z.boolean() });
