import { and, eq, sql } from "drizzle-orm";
import { COMMUNITY_MESSAGES, type LikeResult } from "#shared/schemas/community.ts";
import { submissionLikes, submissions } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { forbidden, notFound } from "../../http/errors.ts";

/**
 * Like or unlike, idempotent: the piece's row is locked first, so concurrent requests take
 * turns; the counter moves only when a like row was really inserted or deleted, in the same
 * transaction, and the answer carries the true count. The count means other readers: a like
 * of one's own piece is refused (403), whoever asks; unliking is always allowed.
 */
export async function setLike(deps: Deps, pieceId: string, userId: string, liked: boolean): Promise<LikeResult> {
  return deps.db.transaction(async (tx) => {
    const [piece] = await tx
      .select({ likeCount: submissions.likeCount, writerId: submissions.userId })
      .from(submissions)
      .where(and(eq(submissions.id, pieceId), eq(submissions.isPrivate, false)))
      .for("update");
    if (!piece) throw notFound(COMMUNITY_MESSAGES.pieceNotFound);
    if (liked && piece.writerId === userId) throw forbidden(COMMUNITY_MESSAGES.ownPieceLike, "own_piece");
    const changed = liked
      ? await tx
          .insert(submissionLikes)
          .values({ submissionId: pieceId, userId, createdAt: deps.clock.now() })
          .onConflictDoNothing()
          .returning({ userId: submissionLikes.userId })
      : await tx
          .delete(submissionLikes)
          .where(and(eq(submissionLikes.submissionId, pieceId), eq(submissionLikes.userId, userId)))
          .returning({ userId: submissionLikes.userId });
    if (changed.length === 0) return { liked, likeCount: piece.likeCount };
    const [updated] = await tx
      .update(submissions)
      .set({ likeCount: sql`greatest(${submissions.likeCount} + ${liked ? 1 : -1}, 0)` })
      .where(eq(submissions.id, pieceId))
      .returning({ likeCount: submissions.likeCount });
    const likeCount = updated!.likeCount;
    await deps.realtime.publish(tx, "piece:liked", { id: pieceId, likeCount });
    return { liked, likeCount };
  });
}
