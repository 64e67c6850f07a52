import { WORDS_PER_PAGE } from "../constants.ts";
import { NAMELESS_LABEL } from "./author.ts";

/** Word count: whitespace-separated non-empty tokens. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  if (!trimmed) return 0;
  return trimmed.split(/\s+/u).length;
}

/** Pages = words / 250, rounded to two decimals. */
export function pagesFor(words: number): number {
  return Math.round((words / WORDS_PER_PAGE) * 100) / 100;
}

/** One decimal, as the spec shows totals and remaining pages. */
export function formatPages(pages: number): string {
  return (Math.round(pages * 10) / 10).toFixed(1);
}

/** First word of the full name, default "Writer" (spec §3 client user). */
export function firstName(fullName: string | null | undefined): string {
  const first = (fullName ?? "").trim().split(/\s+/u)[0];
  return first ? first : NAMELESS_LABEL;
}
