import { and, eq, sql } from "drizzle-orm";
import { COMMUNITY_MESSAGES, type LikeResult } from "#shared/schemas/community.ts";
import { BLOCK_MESSAGES } from "#shared/schemas/blocks.ts";
import { readablePieceSql, readerById } from "../../db/audience.ts";
import { refusesAsBlocker } from "../../db/blocks-sql.ts";
import { submissionLikes, submissions } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import { likeNotificationCtes, toldColumn } from "../notifications/notify.service.ts";
import { announceInCircles } from "../circles/piece-circles.service.ts";

/**
 * Like or unlike, idempotent: the piece's row is locked first, so concurrent requests take
 * turns; the counter moves only when a like row was really inserted or deleted, in the same
 * transaction, and the answer carries the true count. The count means other readers: a like
 * of one's own piece is refused (403), whoever asks; unliking is always allowed.
 */
export async function setLike(deps: Deps, pieceId: string, userId: string, liked: boolean): Promise<LikeResult> {
  return deps.db.transaction(async (tx) => {
    const [piece] = await tx
      .select({
        likeCount: submissions.likeCount,
        writerId: submissions.userId,
        isPrivate: submissions.isPrivate,
        // Refused on the blocker's name-signed pieces only (review finding 2: see refusesAsBlocker).
        blocksMe: sql<boolean>`${refusesAsBlocker(sql`${submissions}`, userId)}`,
      })
      .from(submissions)
      .where(and(eq(submissions.id, pieceId), readablePieceSql(readerById(userId), sql`${submissions}`, "respond")))
      .for("update");
    if (!piece) throw notFound(COMMUNITY_MESSAGES.pieceNotFound);
    if (liked && piece.writerId === userId) throw forbidden(COMMUNITY_MESSAGES.ownPieceLike, "own_piece");
    // The writer blocks this reader (a name-signed piece): a neutral refusal; unliking stays allowed (issue 13 item 5).
    if (liked && piece.blocksMe) throw forbidden(BLOCK_MESSAGES.cantLike, "cant_like");
    // The like row and the counter in one statement; the counter moves only when the row did.
    const now = deps.clock.now();
    const change = liked
      ? sql`insert into ${submissionLikes} (submission_id, user_id, created_at) values (${pieceId}, ${userId}, ${now}) on conflict do nothing returning 1`
      : sql`delete from ${submissionLikes} where submission_id = ${pieceId} and user_id = ${userId} returning 1`;
    // A like also counts up its writer's notification batch (issue 14 item 6); an unlike takes nothing back.
    const { rows } = (await tx.execute(sql`
      with changed as (${change}),
      bumped as (
        update ${submissions} set like_count = greatest(like_count + ${liked ? 1 : -1}, 0)
        where id = ${pieceId} and exists (select 1 from changed)
        returning like_count, user_id
      )${liked ? sql`, ${likeNotificationCtes(pieceId, userId, now)}` : sql``}
      select like_count${liked ? sql`, ${toldColumn} as told` : sql``} from bumped
    `)) as unknown as { rows: { like_count: number }[] };
    const updated = rows[0];
    if (!updated) return { liked, likeCount: piece.likeCount };
    const likeCount = Number(updated.like_count);
    // The live feed is everyone's: a piece outside the community (shared with circles only) is not announced there.
    if (!piece.isPrivate) await deps.realtime.publish(tx, "piece:liked", { id: pieceId, likeCount });
    else await announceInCircles(tx, pieceId, (circleIds) => deps.realtime.publish(tx, "circle:liked", { circleIds, id: pieceId, likeCount }));
    return { liked, likeCount };
  });
}
