import { z } from "zod";
import { CONTENT_WARNING_MAX_LENGTH, PIECE_CONTROL_MESSAGES } from "../domain/piece-controls.ts";

/*
 * A writer's own controls over one piece (issue 13 item 6): comments off, and a content warning
 * shown before the text (and alone in previews: the meta description and the preview image).
 */

export { CONTENT_WARNING_MAX_LENGTH, PIECE_CONTROL_MESSAGES, contentWarningText } from "../domain/piece-controls.ts";

/** A content warning as typed: trimmed, at most 80 characters; blank means none (null). */
export const contentWarningInput = z
  .string({ error: PIECE_CONTROL_MESSAGES.warningTooLong })
  .trim()
  .max(CONTENT_WARNING_MAX_LENGTH, PIECE_CONTROL_MESSAGES.warningTooLong)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v ? v.replace(/\s+/g, " ") : null));

/** PATCH /api/submissions/:id/controls: either or both. */
export const pieceControlsInput = z
  .strictObject({ commentsOff: z.boolean().optional(), contentWarning: contentWarningInput })
  .refine((v) => v.commentsOff !== undefined || v.contentWarning !== undefined, { error: PIECE_CONTROL_MESSAGES.nothingToChange });
export type PieceControlsInput = z.input<typeof pieceControlsInput>;

/** The controls as every reader's view of a piece carries them. */
export const pieceControls = z.object({
  commentsOff: z.boolean(),
  /** null: none. */
  contentWarning: z.string().nullable(),
});
export type PieceControls = z.infer<typeof pieceControls>;
