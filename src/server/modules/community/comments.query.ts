import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { COMMENTS_LIMIT } from "#shared/constants.ts";
import { NEW_ACCOUNT_HOURS } from "#shared/domain/new-account.ts";
import { commenterLabelSql } from "../../db/author-label.ts";
import { DELETED_WRITER_ID } from "../../db/deleted-writer.ts";
import { reachablePieceSql, readableCommentSql, readablePieceSql, readerById, type Viewer } from "../../db/audience.ts";
import { refusesAsBlocker } from "../../db/blocks-sql.ts";
import { timestampColumn } from "../../db/typed-rows.ts";
import { perViewer } from "../../db/viewer-statements.ts";
import { commentNotificationCtes, toldColumn } from "../notifications/notify.service.ts";

/**
 * A commenter's public label (commenterLabel() in shared/domain/author.ts): their alias of today
 * if they have one, else their registered name; the piece's own writer is labelled as the piece
 * is signed instead (with the alias stored on it), so answering a comment never reveals who
 * wrote an anonymous piece, nor ties a name, or a new alias, to the piece's alias. Needs `c`
 * (comment), `u` (its user) and `s` (the piece) in scope.
 */
/** The comment is its piece's writer's — never so between two writers who left, both now the one deleted writer. */
const BY_WRITER = sql`(c.user_id = s.user_id and s.user_id <> ${DELETED_WRITER_ID}::uuid)`;
const COMMENT_COLUMNS = sql`c.id, c.content, c.created_at, c.user_id, c.hidden_at, c.hidden_reason,
  ${commenterLabelSql(BY_WRITER, sql`s.submission_type`, sql`s.author_alias`, sql`u.name`, sql`u.alias`)} as label,
  ${BY_WRITER} as by_writer`;

export const commentRow = z.object({
  id: z.string(),
  content: z.string(),
  created_at: timestampColumn,
  user_id: z.string(),
  label: z.string(),
  by_writer: z.boolean(),
  hidden_at: timestampColumn.nullable(),
  hidden_reason: z.string().nullable(),
});
export type CommentRow = z.infer<typeof commentRow>;

/**
 * A piece's comments as `viewer` reads them, in one statement: the piece (`comment_count`,
 * `comments_off`) when the viewer may open it, no row otherwise; with it its newest
 * COMMENTS_LIMIT comments (+1, to tell whether older ones exist), newest first, read backwards
 * through submission_comments_submission_idx (submission_id, created_at, id), none when its
 * writer turned comments off. A piece without a comment to show is one row whose comment
 * columns are null. One round trip where there were two (issue 28 item 2).
 */
function commentListSql(pieceId: string, viewer: Viewer): SQL {
  return sql`
    with s as (
      select s.id, s.user_id, s.submission_type, s.author_alias, s.comment_count, s.comments_off
      from submissions s
      where s.id = ${pieceId}::uuid and ${readablePieceSql(viewer, sql`s`, "open")}
    )
    select s.comment_count as piece_comment_count, s.comments_off as piece_comments_off, ${COMMENT_COLUMNS}
    from s
    left join lateral (
      select id, content, created_at, user_id, submission_id, hidden_at, hidden_reason
      from submission_comments
      where submission_id = s.id and not s.comments_off and ${readableCommentSql(viewer, sql`submission_comments`)}
      order by created_at desc, id desc
      limit ${COMMENTS_LIMIT + 1}
    ) c on true
    left join users u on u.id = c.user_id
    order by c.created_at desc, c.id desc
  `;
}

/** The statement of piece `pieceId`'s comments as a viewer reads them, and its values, built by Drizzle once per kind of viewer. */
export const commentListStatement = perViewer("pieceId", commentListSql);

/** A row of commentListStatement: the piece, and a comment (then the row is a commentRow too) or none (its id null). */
export const commentListRow = z.looseObject({
  piece_comment_count: z.coerce.number(),
  piece_comments_off: z.boolean(),
  id: z.string().nullable(),
});

/**
 * Counts a comment on a public piece (the update locks the piece's row: concurrent comments take
 * turns, the count stays true), inserts it and reads it back as readers see it, in one statement;
 * no row when the piece is not public or does not exist, its writer turned comments off or blocks
 * the commenter (commentRefusalQuery() then says which). `comment_count` is the new count. The
 * piece's writer is notified in the same statement (issue 14 item 6).
 */
export function addCommentQuery(pieceId: string, userId: string, content: string, at: Date, day: WritersDay): SQL {
  return sql`
    with s as (
      update submissions set comment_count = comment_count + 1
      where id = ${pieceId}::uuid and ${readablePieceSql(readerById(userId), sql`submissions`, "respond")} and comments_off = false and not ${refusesAsBlocker(sql`submissions`, userId)}
        and not ${newAccountAtCommentLimit(userId, at, day)}
      returning id, user_id, submission_type, author_alias, comment_count, is_private
    ),
    c as (
      insert into submission_comments (submission_id, user_id, content, created_at)
      select s.id, ${userId}::uuid, ${content}, ${at.toISOString()}::timestamptz from s
      returning id, submission_id, content, created_at, user_id, hidden_at, hidden_reason
    ),
    ${commentNotificationCtes(at)}
    select ${COMMENT_COLUMNS}, s.comment_count, s.is_private, ${toldColumn} as told
    from c join users u on u.id = c.user_id join s on s.id = c.submission_id
  `;
}

export const addedCommentRow = commentRow.extend({ comment_count: z.coerce.number(), is_private: z.boolean() });

/** The commenter's calendar day (their date and time zone): new accounts' comments are counted per day. */
export interface WritersDay {
  /** The day's first instant and the next day's (localDayBounds(), computed in JS: review finding 8). */
  start: Date;
  end: Date;
  /** How many comments a new account may post that day (the NEW_ACCOUNT_DAILY_COMMENTS setting). */
  maxNewAccountComments: number;
}

/**
 * The commenter is a new account (under NEW_ACCOUNT_HOURS, email unconfirmed) that already posted
 * NEW_ACCOUNT_DAILY_COMMENTS comments on their day (issue 13 item 7). Such an account is hours old:
 * its comments are few, read through submission_comments_user_idx. The day's bounds come from JS:
 * PostgreSQL does not know every zone Intl accepts (e.g. "US/Pacific-New"), and a zone it rejects
 * must not turn a comment into a 500.
 */
function newAccountAtCommentLimit(userId: string, at: Date, day: WritersDay): SQL {
  const since = new Date(at.getTime() - NEW_ACCOUNT_HOURS * 60 * 60 * 1000).toISOString();
  return sql`coalesce((select not u.email_verified and u.created_at > ${since}::timestamptz and (
      select count(*) from submission_comments mine
      where mine.user_id = u.id and mine.created_at >= ${day.start.toISOString()}::timestamptz and mine.created_at < ${day.end.toISOString()}::timestamptz
    ) >= ${day.maxNewAccountComments} from users u where u.id = ${userId}::uuid), false)`;
}

/** Why a comment was not added (only asked after addCommentQuery added none): the piece is gone or not public, its writer turned comments off or blocks the commenter, or a new account's day is full. */
export function commentRefusalQuery(pieceId: string, userId: string, at: Date, day: WritersDay): SQL {
  return sql`
    select ${refusesAsBlocker(sql`s`, userId)} as blocked, s.comments_off,
      case when ${newAccountAtCommentLimit(userId, at, day)} then (select created_at from users where id = ${userId}::uuid) end as new_account_since
    from submissions s where s.id = ${pieceId}::uuid and ${reachablePieceSql(userId, sql`s`)}
  `;
}

export const commentRefusalRow = z.object({ blocked: z.boolean(), comments_off: z.boolean(), new_account_since: timestampColumn.nullable() });
