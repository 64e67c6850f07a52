import { eq, sql, type SQL } from "drizzle-orm";
import { achievementsReached, type AchievementType } from "#shared/domain/achievements.ts";
import { NO_STREAK, type StreakState } from "#shared/domain/streaks.ts";
import type { Queryable } from "../../db/client.ts";
import { submissions, userAchievements, users } from "../../db/schema/index.ts";

/* What a piece moves on its writer's row: the streak of days written and the achievements of lifetime pages. */

/** The user row's streak columns (StreakState). */
export const streakColumns = {
  currentStreak: users.currentStreak,
  longestStreak: users.longestStreak,
  lastWriteDate: users.lastWriteDate,
  graceDayUsed: users.graceDayUsed,
  streakStartDate: users.streakStartDate,
};

/**
 * The writer's stored streak. With `lock`, their row is held for the rest of the transaction:
 * one piece at a time per writer, so concurrent saves queue and each sees the one before.
 */
export async function streakOf(q: Queryable, userId: string, lock = false): Promise<StreakState> {
  const query = q
    .select(streakColumns)
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const [row] = await (lock ? query.for("update") : query);
  return row ?? NO_STREAK;
}

/**
 * Lifetime pages: the sum over the pieces the writer wrote here (submissions_user_local_date_idx),
 * for a read under their lock. Imported pieces are not counted: achievements are about writing here.
 */
export function lifetimePagesSql(userId: string): SQL<number> {
  return sql`(select coalesce(sum(${submissions.pagesWritten}), 0)::float8 from ${submissions}
    where ${submissions.userId} = ${userId} and ${submissions.importedAt} is null)`.mapWith(Number);
}

/** The writer's row moved to their streak `next` (streakAfterWriting, from the row read under their lock). */
export function recordWritingDaySql(userId: string, next: StreakState): SQL {
  return sql`update ${users} set current_streak = ${next.currentStreak}, longest_streak = ${next.longestStreak},
    last_write_date = ${next.lastWriteDate}, grace_day_used = ${next.graceDayUsed}, streak_start_date = ${next.streakStartDate}
    where id = ${userId}`;
}

/**
 * Achievements lifetime pages `pages` have reached, as an insert that returns the ones the
 * writer did not hold yet (achievement_type, year); null when none is reached. Runs under the
 * writer's lock with `pages` counting the new piece, so concurrent pieces see each other's pages.
 */
export function awardAchievementsSql(userId: string, pages: number, year: number, now: Date): SQL | null {
  const reached: AchievementType[] = achievementsReached(pages);
  if (reached.length === 0) return null;
  const rows = reached.map((type) => sql`(${userId}, ${type}, ${year}, ${now})`);
  return sql`insert into ${userAchievements} (user_id, achievement_type, year, achieved_at) values ${sql.join(rows, sql`, `)}
    on conflict (user_id, achievement_type) do nothing returning achievement_type, year`;
}
