import { and, eq } from "drizzle-orm";
import { PORTFOLIO_MESSAGES } from "#shared/schemas/portfolio.ts";
import type { z } from "zod";
import type { pieceControlsInput } from "#shared/schemas/piece-controls.ts";
import { submissions } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http/errors.ts";
import { pieceCirclesChanged } from "../circles/piece-circles.service.ts";

/**
 * The writer turns comments off or on, or sets or clears the content warning, of their own piece
 * (issue 13 item 6). Anyone else, admins included, finds no such piece to change. A public
 * piece's change is announced, so open feeds and the cached first pages follow at once.
 */
export async function updatePieceControls(deps: Deps, userId: string, pieceId: string, input: z.output<typeof pieceControlsInput>): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const set: Partial<typeof submissions.$inferInsert> = {};
    if (input.commentsOff !== undefined) set.commentsOff = input.commentsOff;
    if (input.contentWarning !== undefined) set.contentWarning = input.contentWarning;
    const [row] = await tx
      .update(submissions)
      .set(set)
      .where(and(eq(submissions.id, pieceId), eq(submissions.userId, userId)))
      .returning({ isPrivate: submissions.isPrivate, commentsOff: submissions.commentsOff, contentWarning: submissions.contentWarning });
    if (!row) throw notFound(PORTFOLIO_MESSAGES.editNotFound);
    if (!row.isPrivate) await deps.realtime.publish(tx, "piece:controls", { id: pieceId, commentsOff: row.commentsOff, contentWarning: row.contentWarning });
    // A piece of circles only: their cached pages (the community's event above holds for circles' too).
    else await pieceCirclesChanged(deps.realtime, tx, pieceId);
  });
}
