import { z } from "zod";

/*
 * A writer's own controls over one piece (issue 13 item 6): comments off, and a content warning
 * shown before the text (and alone in previews: the meta description and the preview image).
 */

export const CONTENT_WARNING_MAX_LENGTH = 80;

export const PIECE_CONTROL_MESSAGES = {
  /** A comment on a piece whose writer turned comments off. */
  commentsOff: "Comments are off for this piece",
  /** What readers see where the comments would be. */
  commentsOffNotice: "The writer turned comments off for this piece.",
  warningTooLong: `A content warning can be at most ${CONTENT_WARNING_MAX_LENGTH} characters`,
  nothingToChange: "Choose comments on or off, or a content warning",
  commentsTurnedOff: "Comments are off. Existing comments are hidden.",
  commentsTurnedOn: "Comments are on.",
  warningSaved: "Content warning saved.",
  warningRemoved: "Content warning removed.",
} as const;

/** "Content warning: grief", as the card, the page and the previews say it. */
export const contentWarningText = (warning: string) => `Content warning: ${warning}`;

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
