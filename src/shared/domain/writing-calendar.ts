import { formatShortDate, wordsLabel } from "./format.ts";
import { totalPages } from "./words.ts";

/*
 * The writing calendar (issue 16 item 6): a year of local days with the words written on each,
 * the year's totals, pieces per month and the writer's usual hour. Pure: the server hands in
 * its grouped rows, the client reads the result.
 */

export interface DayTotal {
  date: string;
  words: number;
  pieces: number;
  pages: number;
}
export interface HourTotal {
  hour: number;
  pieces: number;
}
export interface YearSummary {
  totals: { words: number; pieces: number; pages: number; writingDays: number; averageWordsPerDay: number };
  piecesPerMonth: number[];
  usualHour: number | null;
}

/** Totals, pieces per month and the usual hour (most pieces; ties: the earliest hour) of a year's day and hour rows. */
export function summarizeYear(days: DayTotal[], hours: HourTotal[]): YearSummary {
  const piecesPerMonth = Array.from({ length: 12 }, () => 0);
  let words = 0;
  let pieces = 0;
  for (const d of days) {
    words += d.words;
    pieces += d.pieces;
    piecesPerMonth[Number(d.date.slice(5, 7)) - 1]! += d.pieces;
  }
  let usualHour: number | null = null;
  let most = 0;
  for (const h of [...hours].sort((a, b) => a.hour - b.hour)) {
    if (h.pieces > most) [usualHour, most] = [h.hour, h.pieces];
  }
  const writingDays = days.filter((d) => d.pieces > 0).length;
  return {
    totals: { words, pieces, pages: totalPages(days.map((d) => d.pages)), writingDays, averageWordsPerDay: writingDays ? Math.round(words / writingDays) : 0 },
    piecesPerMonth,
    usualHour,
  };
}

/** The heatmap's shade (0–4) of a day's words against the year's busiest day: quarters of it. */
export function heatmapLevel(words: number, maxWords: number): number {
  if (words <= 0 || maxWords <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((words / maxWords) * 4)));
}

const clock = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? "am" : "pm"}`;

/** "9 pm–10 pm": the hour starting at `hour` on the writer's clock. */
export function hourLabel(hour: number): string {
  return `${clock(hour)}–${clock((hour + 1) % 24)}`;
}

/** What a screen reader hears on a calendar day: "Nov 12, 2026: 512 words". */
export function dayLabel(date: string, words: number): string {
  return `${formatShortDate(date)}, ${date.slice(0, 4)}: ${words === 0 ? "no writing" : wordsLabel(words)}`;
}
