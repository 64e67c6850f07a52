import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { StreakState } from "#shared/domain/streaks.ts";

/*
 * A writer's stored streak read by raw SQL (a FixedStatement's): the columns of `users` as
 * `alias` names it, its dates as text (YYYY-MM-DD, as Drizzle's `mode: "string"` reads them), the
 * fields of their row and the StreakState they make.
 */
export const streakColumnsSql = (alias: "u"): SQL =>
  sql.raw(`${alias}.current_streak, ${alias}.longest_streak, ${alias}.last_write_date::text as last_write_date,
    ${alias}.grace_day_used::text as grace_day_used, ${alias}.streak_start_date::text as streak_start_date`);

export const streakRowFields = {
  current_streak: z.coerce.number(),
  longest_streak: z.coerce.number(),
  last_write_date: z.string().nullable(),
  grace_day_used: z.string().nullable(),
  streak_start_date: z.string().nullable(),
};

type StreakRow = { [K in keyof typeof streakRowFields]: z.output<(typeof streakRowFields)[K]> };

export const streakOfRow = (row: StreakRow): StreakState => ({
  currentStreak: row.current_streak,
  longestStreak: row.longest_streak,
  lastWriteDate: row.last_write_date,
  graceDayUsed: row.grace_day_used,
  streakStartDate: row.streak_start_date,
});
