import { and, eq, sql } from "drizzle-orm";
import type { ReportItemKind, ReportOutcome } from "#shared/domain/moderation.ts";
import { MODERATION_MESSAGES, type ModerationResult } from "#shared/schemas/moderation.ts";
import { moderatablePieceSql } from "../../db/audience.ts";
import type { Tx } from "../../db/client.ts";
import { submissionComments, submissions } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http/errors.ts";
import { recordAudit } from "./audit.service.ts";
import { closeReports } from "./reports.service.ts";
import { forgetCommentNotification, notifyModeration } from "../notifications/notify.service.ts";
import { announceInCircles, circlesChanged, pieceCirclesChanged } from "../circles/piece-circles.service.ts";
import { moveToTrash } from "../portfolio/trash.service.ts";

/*
 * What an admin does with a reported item (issue 13 item 2): hide, restore, delete or dismiss.
 * Each closes every open report of the item, goes into the audit log, and is announced so open
 * feeds follow at once: a hidden piece goes as a deleted one ("piece:deleted"), a restored one
 * comes back as a new one ("piece:published", the "new pieces" bar), a comment's piece reloads
 * its comments ("piece:commented" without a comment id). Events carry ids only, never identity.
 */

export type ModerationAction = "hide" | "restore" | "delete" | "dismiss";
const OUTCOME: Record<ModerationAction, ReportOutcome> = { hide: "hidden", restore: "restored", delete: "deleted", dismiss: "dismissed" };

interface Target {
  writerId: string;
  pieceId: string;
  promptId: string;
  hidden: boolean;
  /** The piece is outside the community (shared with circles only): no public live event may name it. */
  isPrivate: boolean;
}

/** The item, locked (a comment locks its piece first, as comments.service does): public pieces only. */
async function lockTarget(tx: Tx, kind: ReportItemKind, id: string): Promise<Target> {
  if (kind === "piece") {
    const [row] = await tx
      .select({ writerId: submissions.userId, promptId: submissions.promptId, hiddenAt: submissions.hiddenAt, isPrivate: submissions.isPrivate })
      .from(submissions)
      .where(and(eq(submissions.id, id), moderatablePieceSql(sql`${submissions}`)))
      .for("update");
    if (!row) throw notFound(MODERATION_MESSAGES.itemNotFound, "item_not_found");
    return { writerId: row.writerId, pieceId: id, promptId: row.promptId, hidden: row.hiddenAt !== null, isPrivate: row.isPrivate };
  }
  const [found] = await tx.select({ pieceId: submissionComments.submissionId }).from(submissionComments).where(eq(submissionComments.id, id));
  if (!found) throw notFound(MODERATION_MESSAGES.itemNotFound, "item_not_found");
  const [piece] = await tx.select({ promptId: submissions.promptId, isPrivate: submissions.isPrivate }).from(submissions).where(eq(submissions.id, found.pieceId)).for("update");
  const [row] = await tx
    .select({ writerId: submissionComments.userId, hiddenAt: submissionComments.hiddenAt })
    .from(submissionComments)
    .where(eq(submissionComments.id, id))
    .for("update");
  if (!row || !piece) throw notFound(MODERATION_MESSAGES.itemNotFound, "item_not_found");
  return { writerId: row.writerId, pieceId: found.pieceId, promptId: piece.promptId, hidden: row.hiddenAt !== null, isPrivate: piece.isPrivate };
}

/** A comment's piece counts only the comments readers see: hiding takes one off, restoring puts it back. */
async function moveCommentCount(deps: Deps, tx: Tx, t: Target, by: number): Promise<void> {
  const [piece] = await tx
    .update(submissions)
    .set({ commentCount: sql`greatest(${submissions.commentCount} + ${by}, 0)` })
    .where(eq(submissions.id, t.pieceId))
    .returning({ commentCount: submissions.commentCount });
  const commentCount = piece!.commentCount;
  if (!t.isPrivate) await deps.realtime.publish(tx, "piece:commented", { id: t.pieceId, commentCount });
  else await announceInCircles(tx, t.pieceId, (circleIds) => deps.realtime.publish(tx, "circle:commented", { circleIds, id: t.pieceId, commentCount }));
}

/**
 * A public piece's change on everyone's live feed; a piece shared with circles only is never named
 * there, and its circles' cached pages are dropped instead (`circleIds`: those it is in, read now
 * unless given).
 */
async function announce(deps: Deps, tx: Tx, t: Target, id: string, event: () => Promise<void>, circleIds?: string[]): Promise<void> {
  if (!t.isPrivate) await event();
  else if (circleIds) await circlesChanged(deps.realtime, tx, id, circleIds);
  else await pieceCirclesChanged(deps.realtime, tx, id);
}

async function apply(deps: Deps, tx: Tx, action: ModerationAction, kind: ReportItemKind, id: string, t: Target, adminId: string, reason: string | null) {
  const now = deps.clock.now();
  const table = kind === "piece" ? submissions : submissionComments;
  if (action === "hide" && !t.hidden) {
    await tx.update(table).set({ hiddenAt: now, hiddenReason: reason, hiddenBy: adminId }).where(eq(table.id, id));
    if (kind === "piece") await announce(deps, tx, t, id, () => deps.realtime.publish(tx, "piece:deleted", { id }));
    else await moveCommentCount(deps, tx, t, -1);
    if (kind === "piece") await notifyModeration(tx, id, "hidden", reason, now);
  } else if (action === "hide") {
    await tx.update(table).set({ hiddenReason: reason, hiddenBy: adminId }).where(eq(table.id, id));
  } else if (action === "restore" && t.hidden) {
    await tx.update(table).set({ hiddenAt: null, hiddenReason: null, hiddenBy: null }).where(eq(table.id, id));
    if (kind === "piece") await announce(deps, tx, t, id, () => deps.realtime.publish(tx, "piece:published", { id, promptId: t.promptId }));
    else await moveCommentCount(deps, tx, t, 1);
    if (kind === "piece") await notifyModeration(tx, id, "restored", null, now);
  } else if (action === "delete" && kind === "piece") {
    await notifyModeration(tx, id, "deleted", reason, now);
    // Into its writer's trash with the admin's reason, so a mistaken delete can be undone (issue 15 item 3).
    const trashed = await moveToTrash(tx, id, now, t.writerId === adminId ? null : { id: adminId, note: reason });
    if (!t.hidden) await announce(deps, tx, t, id, () => deps.realtime.publish(tx, "piece:deleted", { id }), trashed?.circleIds ?? []);
  } else if (action === "delete") {
    const [gone] = await tx.delete(submissionComments).where(eq(submissionComments.id, id)).returning({ createdAt: submissionComments.createdAt });
    if (gone) await forgetCommentNotification(tx, { pieceId: t.pieceId, createdAt: gone.createdAt });
    if (!t.hidden) await moveCommentCount(deps, tx, t, -1);
  }
  const closedReports = await closeReports(tx, kind, [id], OUTCOME[action], adminId, now);
  await recordAudit(tx, { adminId, action, itemKind: kind, itemId: id, subjectWriterId: t.writerId, reason }, now);
  await deps.realtime.publish(tx, "reports:changed", {});
  return closedReports;
}

export async function moderateItem(
  deps: Deps,
  adminId: string,
  action: ModerationAction,
  kind: ReportItemKind,
  id: string,
  reason: string | null = null,
): Promise<ModerationResult> {
  return deps.db.transaction(async (tx) => {
    const target = await lockTarget(tx, kind, id);
    const closedReports = await apply(deps, tx, action, kind, id, target, adminId, reason);
    return { itemKind: kind, itemId: id, outcome: OUTCOME[action], closedReports };
  });
}
