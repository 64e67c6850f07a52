import { localDate } from "#shared/domain/dates.ts";
import { NO_STREAK, streakShownOn } from "#shared/domain/streaks.ts";
import { tierProgress } from "#shared/domain/tiers.ts";
import type { PortfolioStats } from "#shared/schemas/portfolio.ts";
import type { Db } from "../../db/client.ts";
import { fixedRows } from "../../db/typed-rows.ts";
import { writeInsThisYear } from "../write-ins/taken-part.service.ts";
import { streakOfRow } from "../writing/streak-row.ts";
import { statsRow, statsStatement } from "./stats.query.ts";

/**
 * The profile's numbers: works, pages, streaks, Editors' Selections, achievements and tier (of
 * pieces written here: imported ones are not counted), read in one statement (stats.query.ts),
 * then the write-ins taken part in this year in the writer's time zone, which that statement gives.
 */
export async function getPortfolioStats(db: Db, userId: string, now: Date): Promise<PortfolioStats> {
  const [row] = await fixedRows(db, statsStatement, { userId }, statsRow);
  const writeIns = row ? await writeInsThisYear(db, userId, row.time_zone, now) : 0;
  const pagesExact = row?.pages ?? 0;
  const streak = row ? streakOfRow(row) : NO_STREAK;
  return {
    works: row?.works ?? 0,
    pagesWritten: Math.round(pagesExact * 10) / 10,
    ...streakShownOn(streak, row ? localDate(now, row.time_zone) : ""),
    editorsSelections: row?.featured ?? 0,
    achievements: row?.achievements ?? [],
    writeInsThisYear: writeIns,
    tier: tierProgress(pagesExact),
  };
}
