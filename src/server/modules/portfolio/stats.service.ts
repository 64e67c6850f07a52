import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { localDate } from "#shared/domain/dates.ts";
import { NO_STREAK, streakShownOn } from "#shared/domain/streaks.ts";
import { tierProgress } from "#shared/domain/tiers.ts";
import type { PortfolioStats } from "#shared/schemas/portfolio.ts";
import type { Db } from "../../db/client.ts";
import { submissions, userAchievements, users } from "../../db/schema/index.ts";
import { writeInsThisYear } from "../write-ins/taken-part.service.ts";
import { streakColumns } from "../writing/streak.service.ts";

/**
 * The profile's numbers: works, pages, streaks, Editors' Selections, achievements and tier (of
 * pieces written here: imported ones are not counted), and the write-ins taken part in this year.
 */
export async function getPortfolioStats(db: Db, userId: string, now: Date): Promise<PortfolioStats> {
  const [[totals], [user, writeIns], achievements] = await Promise.all([
    db
      .select({
        works: sql<number>`count(*)::int`,
        // Summed as exact numeric, read as a number once.
        pages: sql<number>`coalesce(sum(${submissions.pagesWritten}), 0)::text`.mapWith(Number),
        featured: sql<number>`(count(*) filter (where ${submissions.isFeatured}))::int`,
      })
      .from(submissions)
      .where(and(eq(submissions.userId, userId), isNull(submissions.importedAt))),
    db
      .select({ ...streakColumns, timeZone: users.timeZone })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
      .then(async ([row]) => [row, row ? await writeInsThisYear(db, userId, row.timeZone, now) : 0] as const),
    db
      .select({ achievementType: userAchievements.achievementType, year: userAchievements.year })
      .from(userAchievements)
      .where(eq(userAchievements.userId, userId))
      .orderBy(sql`${userAchievements.achievedAt} desc nulls last`, desc(userAchievements.year))
      .limit(20),
  ]);
  const pagesExact = totals?.pages ?? 0;
  return {
    works: totals?.works ?? 0,
    pagesWritten: Math.round(pagesExact * 10) / 10,
    ...(user ? streakShownOn(user, localDate(now, user.timeZone)) : streakShownOn(NO_STREAK, "")),
    editorsSelections: totals?.featured ?? 0,
    achievements,
    writeInsThisYear: writeIns,
    tier: tierProgress(pagesExact),
  };
}
