import { promptLine, truncateText } from "./markup.ts";
import type { PromptKind } from "./prompt-choice.ts";

/** The name of a piece with neither a title nor a prompt to go by. */
export const UNTITLED = "Untitled";
/** A piece's name in the page title (<title>, og:title): cut here. */
export const PAGE_TITLE_MAX = 90;

/** What naming needs of a piece's prompt: a freewrite's stored prompt is not words to show. */
export interface NamingPrompt {
  text: string;
  kind: PromptKind;
}

function promptName(prompt: NamingPrompt | null | undefined): string {
  return prompt && prompt.kind !== "freewrite" ? promptLine(prompt.text) : "";
}

/** Where a screen cuts a name: `max` for any name, `promptMax` (default `max`) for a prompt standing in. */
export interface NameCut {
  max?: number;
  promptMax?: number;
}

/**
 * What a piece is called on every screen that names it (spec §2 Piece page: "Title (or prompt
 * text, or "Untitled")"): its title, else its prompt on one line, else "Untitled". A cut falls
 * at a word with "…" and never leaves ".…" (truncateText).
 */
export function pieceName(title: string | null | undefined, prompt: NamingPrompt | null | undefined, cut: NameCut = {}): string {
  const own = (title ?? "").replace(/\s+/g, " ").trim();
  if (own) return cut.max === undefined ? own : truncateText(own, cut.max);
  const stand = promptName(prompt);
  const max = cut.promptMax ?? cut.max;
  if (stand) return max === undefined ? stand : truncateText(stand, max);
  return UNTITLED;
}

/**
 * True when a piece goes by its prompt (it has no title of its own): a screen that shows the
 * prompt beside the name then shows it once, as the name.
 */
export function namedByPrompt(title: string | null | undefined, prompt: NamingPrompt | null | undefined): boolean {
  return !(title ?? "").trim() && promptName(prompt) !== "";
}
