import { eq, sql } from "drizzle-orm";
import { achievementsReached, type AchievementType } from "#shared/domain/achievements.ts";
import { streakAfterWriting, type StreakState } from "#shared/domain/streaks.ts";
import type { AwardedAchievement } from "#shared/schemas/writing.ts";
import type { Queryable, Tx } from "../../db/client.ts";
import { submissions, userAchievements, users } from "../../db/schema/index.ts";

/* What a piece moves on its writer's row: the streak of days written and the achievements of lifetime pages. */

const NO_STREAK: StreakState = { currentStreak: 0, longestStreak: 0, lastWriteDate: null };

/**
 * The writer's stored streak. With `lock`, their row is held for the rest of the transaction:
 * one piece at a time per writer, so concurrent saves queue and each sees the one before.
 */
export async function streakOf(q: Queryable, userId: string, lock = false): Promise<StreakState> {
  const query = q
    .select({ currentStreak: users.currentStreak, longestStreak: users.longestStreak, lastWriteDate: users.lastWriteDate })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const [row] = await (lock ? query.for("update") : query);
  return row ?? NO_STREAK;
}

/** Lifetime pages: the sum over the writer's pieces (submissions_user_local_date_idx). */
async function lifetimePages(q: Queryable, userId: string): Promise<number> {
  const [row] = await q
    .select({ pages: sql<number>`coalesce(sum(${submissions.pagesWritten}), 0)::float8` })
    .from(submissions)
    .where(eq(submissions.userId, userId));
  return row?.pages ?? 0;
}

/** Moves the writer's streak (read from their row, locked by the caller) to their local date `today`. */
export async function recordWritingDay(tx: Tx, userId: string, current: StreakState, today: string): Promise<StreakState> {
  const next = streakAfterWriting(current, today);
  await tx
    .update(users)
    .set({ currentStreak: next.currentStreak, longestStreak: next.longestStreak, lastWriteDate: next.lastWriteDate })
    .where(eq(users.id, userId));
  return next;
}

/**
 * Achievements the writer's lifetime pages have reached and they do not hold yet. Runs after
 * the user row is locked, so concurrent pieces of one writer see each other's pages.
 */
export async function awardAchievements(tx: Tx, userId: string, year: number, now: Date): Promise<AwardedAchievement[]> {
  const reached: AchievementType[] = achievementsReached(await lifetimePages(tx, userId));
  if (reached.length === 0) return [];
  const inserted = await tx
    .insert(userAchievements)
    .values(reached.map((achievementType) => ({ userId, achievementType, year, achievedAt: now })))
    .onConflictDoNothing({ target: [userAchievements.userId, userAchievements.achievementType] })
    .returning({ achievementType: userAchievements.achievementType, year: userAchievements.year });
  return inserted;
}
