import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import { pieceName } from "#shared/domain/piece-name.ts";
import type { HiddenCirclePieces } from "#shared/schemas/circles.ts";
import type { Tx } from "../../db/client.ts";
import { pieceCircles, prompts, submissionComments, submissions } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http/errors.ts";
import type { SessionUser } from "../../http/context.ts";
import { recordAudit } from "../moderation/audit.service.ts";
import { notifyModeration } from "../notifications/notify.service.ts";
import { circleFor, type CircleAccess } from "./access.ts";
import { circlesChanged } from "./piece-circles.service.ts";

/*
 * Moderation inside a circle (issue 29 item 7). A circle's moderators hide a piece from their
 * circle (its members no longer read it there; the site's rules and other circles are not theirs to
 * change) and show it again; they hide a comment on a piece shared with their circle alone. The
 * writer is told, with the reason, in their bell (nothing says which member moderated), and the
 * site's audit log records each action with the circle's id, so admins see what circles do.
 * Removing and banning members is members.service.ts; reports are the site's (admins act on
 * circle content as on any other).
 */

async function pieceRow(tx: Tx, circle: CircleAccess, pieceId: string) {
  const [row] = await tx
    .select({ writerId: submissions.userId, hiddenAt: pieceCircles.hiddenAt })
    .from(pieceCircles)
    .innerJoin(submissions, eq(submissions.id, pieceCircles.submissionId))
    .where(and(eq(pieceCircles.circleId, circle.id), eq(pieceCircles.submissionId, pieceId)))
    .for("update", { of: pieceCircles });
  if (!row) throw notFound(CIRCLE_MESSAGES.pieceNotInCircle, "piece_not_in_circle");
  return row;
}

/** Hides (`reason` given) or shows again (null) a piece in the circle. */
export async function setPieceHidden(deps: Deps, user: SessionUser, slug: string, pieceId: string, reason: string | null): Promise<"hidden" | "restored"> {
  return deps.db.transaction(async (tx) => {
    const circle = await circleFor(tx, slug, user, "moderate");
    const row = await pieceRow(tx, circle, pieceId);
    const now = deps.clock.now();
    const hide = reason !== null;
    if (hide === (row.hiddenAt !== null)) return hide ? "hidden" : "restored";
    await tx
      .update(pieceCircles)
      .set(hide ? { hiddenAt: now, hiddenBy: user.id, hiddenReason: reason } : { hiddenAt: null, hiddenBy: null, hiddenReason: null })
      .where(and(eq(pieceCircles.circleId, circle.id), eq(pieceCircles.submissionId, pieceId)));
    // The piece leaves (or comes back to) this circle's feed alone: every instance's cache drops its pages.
    await circlesChanged(deps.realtime, tx, pieceId, [circle.id]);
    await notifyModeration(tx, pieceId, hide ? "hidden" : "restored", reason, now);
    await recordAudit(tx, { adminId: user.id, action: hide ? "hide" : "restore", itemKind: "piece", itemId: pieceId, subjectWriterId: row.writerId, reason, circleId: circle.id }, now);
    return hide ? "hidden" : "restored";
  });
}

/** Hides a comment on a piece shared with this circle and no one else (not the community, no other circle). */
export async function hideComment(deps: Deps, user: SessionUser, slug: string, commentId: string, reason: string): Promise<"hidden"> {
  return deps.db.transaction(async (tx) => {
    const circle = await circleFor(tx, slug, user, "moderate");
    const [row] = await tx
      .select({ pieceId: submissionComments.submissionId, writerId: submissionComments.userId, hiddenAt: submissionComments.hiddenAt })
      .from(submissionComments)
      .innerJoin(submissions, eq(submissions.id, submissionComments.submissionId))
      .where(
        and(
          eq(submissionComments.id, commentId),
          eq(submissions.isPrivate, true),
          sql`exists (select 1 from piece_circles pc where pc.submission_id = ${submissions.id} and pc.circle_id = ${circle.id}::uuid)`,
          sql`not exists (select 1 from piece_circles pc where pc.submission_id = ${submissions.id} and pc.circle_id <> ${circle.id}::uuid)`,
        ),
      )
      .for("update", { of: submissionComments });
    if (!row) throw notFound(CIRCLE_MESSAGES.commentNotInCircle, "comment_not_in_circle");
    if (row.hiddenAt !== null) return "hidden" as const;
    const now = deps.clock.now();
    await tx.update(submissionComments).set({ hiddenAt: now, hiddenReason: reason, hiddenBy: user.id }).where(eq(submissionComments.id, commentId));
    const [piece] = await tx
      .update(submissions)
      .set({ commentCount: sql`greatest(${submissions.commentCount} - 1, 0)` })
      .where(eq(submissions.id, row.pieceId))
      .returning({ commentCount: submissions.commentCount });
    await deps.realtime.publish(tx, "circle:commented", { circleIds: [circle.id], id: row.pieceId, commentCount: piece!.commentCount });
    await recordAudit(tx, { adminId: user.id, action: "hide", itemKind: "comment", itemId: commentId, subjectWriterId: row.writerId, reason, circleId: circle.id }, now);
    return "hidden" as const;
  });
}

/** The pieces hidden from the circle, most recently hidden first (at most 100), for its moderators to show again. */
export async function hiddenPieces(deps: Deps, user: SessionUser, slug: string): Promise<HiddenCirclePieces> {
  const circle = await circleFor(deps.db, slug, user, "moderate");
  const rows = await deps.db
    .select({ id: submissions.id, title: submissions.title, promptText: prompts.text, promptKind: prompts.kind, reason: pieceCircles.hiddenReason, hiddenAt: pieceCircles.hiddenAt })
    .from(pieceCircles)
    .innerJoin(submissions, eq(submissions.id, pieceCircles.submissionId))
    .innerJoin(prompts, eq(prompts.id, submissions.promptId))
    .where(and(eq(pieceCircles.circleId, circle.id), isNotNull(pieceCircles.hiddenAt)))
    .orderBy(desc(pieceCircles.hiddenAt))
    .limit(100);
  return { items: rows.map((r) => ({ id: r.id, name: pieceName(r.title, { text: r.promptText, kind: r.promptKind }), reason: r.reason, hiddenAt: r.hiddenAt!.toISOString() })) };
}
