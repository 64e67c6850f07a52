import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { COMMENTS_LIMIT } from "#shared/constants.ts";
import { localDate, localDayBounds } from "#shared/domain/dates.ts";
import { NEW_ACCOUNT_HOURS, NEW_ACCOUNT_LIMIT_CODE, newAccountCommentsMessage } from "#shared/domain/new-account.ts";
import { COMMUNITY_MESSAGES, type AddedComment, type CommentList, type DeletedComment, type PieceComment } from "#shared/schemas/community.ts";
import { viewerOf } from "../../db/audience.ts";
import type { Db } from "../../db/client.ts";
import { submissionComments, submissions } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import type { SessionUser } from "../../http/context.ts";
import { forbidden, HttpError, notFound } from "../../http/errors.ts";
import { BLOCK_MESSAGES } from "#shared/schemas/blocks.ts";
import { PIECE_CONTROL_MESSAGES } from "#shared/schemas/piece-controls.ts";
import {
  addCommentQuery,
  addedCommentRow,
  commentRefusalQuery,
  commentRefusalRow,
  commentListRow,
  commentListStatement,
  commentRow,
  type CommentRow,
} from "./comments.query.ts";
import { itemDeleted } from "../moderation/reports.service.ts";
import { fixedRows, typedRows } from "../../db/typed-rows.ts";
import { checkContract } from "../../http/respond.ts";
import { announceInCircles } from "../circles/piece-circles.service.ts";
import { forgetCommentNotification } from "../notifications/notify.service.ts";

function commentFrom(row: CommentRow, viewer: SessionUser | null): PieceComment {
  const mine = viewer !== null && row.user_id === viewer.id;
  return {
    id: row.id,
    content: row.content,
    createdAt: row.created_at.toISOString(),
    authorLabel: row.label,
    byWriter: row.by_writer,
    mine,
    canDelete: mine || Boolean(viewer?.isAdmin),
    hiddenReason: row.hidden_at ? (row.hidden_reason ?? "") : null,
  };
}

const commentRows = z.array(commentRow);

/** A public piece's newest COMMENTS_LIMIT comments, answered oldest first. */
export async function listComments(db: Db, pieceId: string, viewer: SessionUser | null): Promise<CommentList> {
  const rows = await fixedRows(db, ...commentListStatement(pieceId, viewerOf(viewer)), commentListRow);
  const piece = rows[0];
  // A piece hidden by moderators: only its writer and admins still read it (issue 13).
  if (!piece) throw notFound(COMMUNITY_MESSAGES.pieceNotFound);
  // The writer turned comments off: existing ones are hidden, from everyone (issue 13 item 6).
  if (piece.piece_comments_off) return { comments: [], commentCount: piece.piece_comment_count, hasOlder: false, commentsOff: true };
  const found = checkContract(commentRows, rows.filter((r) => r.id !== null), "a piece's comments");
  const hasOlder = found.length > COMMENTS_LIMIT;
  const comments = found.slice(0, COMMENTS_LIMIT).reverse().map((r) => commentFrom(r, viewer));
  return { comments, commentCount: piece.piece_comment_count, hasOlder, commentsOff: false };
}

export async function addComment(deps: Deps, pieceId: string, user: SessionUser, content: string, timeZone: string): Promise<AddedComment> {
  const now = deps.clock.now();
  const day = { ...localDayBounds(localDate(now, timeZone), timeZone), maxNewAccountComments: deps.env.NEW_ACCOUNT_DAILY_COMMENTS };
  return deps.db.transaction(async (tx) => {
    // An unconfirmed account's comments take turns (a per-writer lock, held to the end of the
    // transaction): the piece row's lock alone lets parallel comments on different pieces all
    // count the same day and pass a new account's daily limit (review finding 9). A confirmed
    // account is never limited and skips the round trip.
    if (!user.emailVerified) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${user.id}))`);
    const [row] = await typedRows(tx, addCommentQuery(pieceId, user.id, content, now, day), addedCommentRow);
    if (!row) {
      const [refusal] = await typedRows(tx, commentRefusalQuery(pieceId, user.id, now, day), commentRefusalRow);
      // A writer who blocks the commenter: a neutral refusal that names no one (issue 13 item 5).
      if (refusal?.blocked) throw forbidden(BLOCK_MESSAGES.cantComment, "cant_comment");
      if (refusal?.comments_off) throw forbidden(PIECE_CONTROL_MESSAGES.commentsOff, "comments_off");
      // A new account's comments of the day are used up: which limit, and until when (issue 13 item 7).
      if (refusal?.new_account_since) {
        const until = new Date(refusal.new_account_since.getTime() + NEW_ACCOUNT_HOURS * 60 * 60 * 1000);
        throw new HttpError(429, NEW_ACCOUNT_LIMIT_CODE, newAccountCommentsMessage(until, timeZone, day.maxNewAccountComments));
      }
      throw notFound(COMMUNITY_MESSAGES.pieceNotFound);
    }
    const commentCount = row.comment_count;
    const comment = commentFrom(row, user);
    // The live feed is everyone's: a piece outside the community (shared with circles only) is not announced there.
    if (!row.is_private) await deps.realtime.publish(tx, "piece:commented", { id: pieceId, commentCount, commentId: comment.id });
    else await announceInCircles(tx, pieceId, (circleIds) => deps.realtime.publish(tx, "circle:commented", { circleIds, id: pieceId, commentCount, commentId: comment.id }));
    return { comment, commentCount };
  });
}

/** Its writer or an admin may delete a comment; anyone else gets 403. */
export async function deleteComment(deps: Deps, commentId: string, user: SessionUser): Promise<DeletedComment> {
  return deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ pieceId: submissionComments.submissionId, userId: submissionComments.userId, hiddenAt: submissionComments.hiddenAt })
      .from(submissionComments)
      .where(eq(submissionComments.id, commentId));
    if (!found) throw notFound(COMMUNITY_MESSAGES.commentNotFound);
    if (found.userId !== user.id && !user.isAdmin) throw forbidden(COMMUNITY_MESSAGES.notYourComment, "not_your_comment");
    const { pieceId } = found;
    // Lock the piece's row before deleting, in the same order as addComment.
    await tx.select({ id: submissions.id }).from(submissions).where(eq(submissions.id, pieceId)).for("update");
    const [deleted] = await tx.delete(submissionComments).where(eq(submissionComments.id, commentId)).returning({ createdAt: submissionComments.createdAt });
    if (!deleted) throw notFound(COMMUNITY_MESSAGES.commentNotFound);
    await forgetCommentNotification(tx, { pieceId, createdAt: deleted.createdAt });
    const [piece] = await tx
      .update(submissions)
      // A hidden comment was already taken off the count when it was hidden.
      .set({ commentCount: found.hiddenAt ? submissions.commentCount : sql`greatest(${submissions.commentCount} - 1, 0)` })
      .where(eq(submissions.id, pieceId))
      .returning({ commentCount: submissions.commentCount, isPrivate: submissions.isPrivate });
    const { commentCount, isPrivate } = piece!;
    if (!isPrivate) await deps.realtime.publish(tx, "piece:commented", { id: pieceId, commentCount });
    else await announceInCircles(tx, pieceId, (circleIds) => deps.realtime.publish(tx, "circle:commented", { circleIds, id: pieceId, commentCount }));
    // Its open reports close as "deleted"; an admin's delete of someone else's comment goes on the record.
    if (await itemDeleted(tx, { kind: "comment", id: commentId, writerId: found.userId }, user, deps.clock.now())) {
      await deps.realtime.publish(tx, "reports:changed", {});
    }
    return { pieceId, commentCount };
  });
}
