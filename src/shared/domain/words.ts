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

/** Pages (stored with two decimals) as whole hundredths, where sums and comparisons are exact. */
export const hundredths = (pages: number): number => Math.round(pages * 100);

/**
 * Pages added up and rounded to one decimal, as totals are shown. Pages carry two decimals, so they are
 * added as whole hundredths: a float sum drifts (0.4 + 1.15 = 1.5499999999999998, shown as 1.5, not 1.6).
 */
export function totalPages(pages: readonly number[]): number {
  const sum = pages.reduce((n, p) => n + hundredths(p), 0);
  return Math.round(sum / 10) / 10;
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
