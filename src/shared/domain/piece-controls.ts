/*
 * A writer's own controls over one piece (issue 13 item 6): their limit and words, without zod
 * (the first page's JavaScript imports them; shared/schemas/piece-controls.ts has the schemas).
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
