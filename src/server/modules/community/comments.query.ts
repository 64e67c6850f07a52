import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { COMMENTS_LIMIT } from "#shared/constants.ts";
import { commenterLabelSql } from "../../db/author-label.ts";
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
export function newestCommentsQuery(pieceId: string): SQL {
  return sql`
    select ${COMMENT_COLUMNS}
    from (
      select id, content, created_at, user_id, submission_id
      from submission_comments
      where submission_id = ${pieceId}::uuid
      order by created_at desc, id desc
      limit ${COMMENTS_LIMIT + 1}
    ) c
    join users u on u.id = c.user_id
    join submissions s on s.id = c.submission_id
    order by c.created_at desc, c.id desc
  `;
}

/** Inserts a comment and reads it back as readers see it, in one statement. */
export function insertCommentQuery(pieceId: string, userId: string, content: string, at: Date): SQL {
  return sql`
    with c as (
      insert into submission_comments (submission_id, user_id, content, created_at)
      values (${pieceId}::uuid, ${userId}::uuid, ${content}, ${at.toISOString()}::timestamptz)
      returning id, submission_id, content, created_at, user_id
    )
    select ${COMMENT_COLUMNS}
    from c join users u on u.id = c.user_id join submissions s on s.id = c.submission_id
  `;
}
