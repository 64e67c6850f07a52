import { COMMUNITY_PROMPT_PREVIEW_MAX } from "#shared/constants.ts";
import { markupToPlainText, truncateText } from "#shared/domain/markup.ts";
import type { PieceAuthor, PiecePrompt } from "#shared/schemas/community.ts";

/** The prompt a piece answers, as plain text cut at `max` (60 on cards). */
export function promptLabel(prompt: PiecePrompt, max = COMMUNITY_PROMPT_PREVIEW_MAX): string {
  if (prompt.kind === "freewrite") return "Freewrite";
  return truncateText(markupToPlainText(prompt.text, "prompt"), max);
}

/** "4-day streak" for name-signed pieces whose writer has one; nothing otherwise. */
export function streakNote(author: PieceAuthor): string | null {
  if (author.signature !== "name" || !author.streak) return null;
  return `${author.streak}-day streak`;
}

export function commentsLabel(n: number): string {
  return `${n} ${n === 1 ? "Comment" : "Comments"}`;
}
