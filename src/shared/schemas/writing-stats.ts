import { z } from "zod";
import { isoDate } from "./common.ts";

/** The writing calendar and stats (issue 16 item 6): GET /api/me/stats, the writer's own only. */

/** The first year a calendar can show; later ones up to the writer's current year. */
export const FIRST_CALENDAR_YEAR = 2000;

export const WRITING_STATS_MESSAGES = {
  loginToSeeStats: "You must be logged in to see your writing stats",
  badYear: "Choose a year from 2000 to 2100",
  loading: "Loading your writing calendar...",
  failed: "Your writing calendar could not be loaded.",
  empty: "No writing this year yet. Pieces you write here show up as days on this calendar.",
} as const;

/** GET /api/me/stats?year=YYYY (default: the writer's current year). */
export const writingStatsQuery = z.object({
  year: z.coerce.number({ error: WRITING_STATS_MESSAGES.badYear }).int(WRITING_STATS_MESSAGES.badYear).min(FIRST_CALENDAR_YEAR, WRITING_STATS_MESSAGES.badYear).max(2100, WRITING_STATS_MESSAGES.badYear).optional(),
});

/** One local day the writer wrote on. */
export const calendarDay = z.object({ date: isoDate, words: z.number().int(), pieces: z.number().int() });
export type CalendarDay = z.infer<typeof calendarDay>;

export const writingStats = z.object({
  year: z.number().int(),
  /** The earliest year with a piece written here (null: none yet): the year picker's start. */
  firstYear: z.number().int().nullable(),
  /** The writer's current year (the picker's end). */
  currentYear: z.number().int(),
  /** Days with writing in `year`, oldest first. */
  days: z.array(calendarDay),
  totals: z.object({
    words: z.number().int(),
    pieces: z.number().int(),
    /** Pages, one decimal. */
    pages: z.number(),
    writingDays: z.number().int(),
    /** Words per day written on, rounded. */
    averageWordsPerDay: z.number().int(),
  }),
  /** Pieces in each month of `year`, January first. */
  piecesPerMonth: z.array(z.number().int()).length(12),
  /** The hour (0–23, the writer's zone) that starts the hour with most pieces in `year`; ties: the earliest. */
  usualHour: z.number().int().min(0).max(23).nullable(),
  longestStreak: z.number().int(),
});
export type WritingStats = z.infer<typeof writingStats>;
