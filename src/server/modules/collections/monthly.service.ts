import { and, asc, eq, gte, lt } from "drizzle-orm";
import { achievementLabel } from "#shared/domain/achievements.ts";
import { localDayStart } from "#shared/domain/dates.ts";
import { monthDays, monthLabel, shortDay } from "#shared/domain/months.ts";
import { streakLabel } from "#shared/domain/streaks.ts";
import type { Db } from "../../db/client.ts";
import { userAchievements } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import type { PerWriterJob } from "../../jobs/planner.ts";
import { monthlyMail, monthlyNudgeMail } from "../../mail/collection-mails.ts";
import { unsubscribeLinks } from "../../mail/unsubscribe-token.ts";
import { getPortfolioStats } from "../portfolio/stats.service.ts";
import { MONTHLY_BEST, mostLikedBetween } from "./best-pieces.query.ts";
import { getCollection } from "./collection.service.ts";
import { toMailPiece } from "./mail-pieces.ts";
import { monthlyOn } from "./plans.ts";
import { loadRecipient } from "./recipient.ts";

/** The email lists this many of the month's pieces; the page has them all. */
export const MONTHLY_MAIL_LIST = 40;

/** Achievements the writer reached in [start, end) (user_achievements_user_idx; four kinds at most). */
async function achievementsBetween(db: Db, userId: string, start: Date, end: Date): Promise<string[]> {
  const rows = await db
    .select({ type: userAchievements.achievementType, year: userAchievements.year })
    .from(userAchievements)
    .where(and(eq(userAchievements.userId, userId), gte(userAchievements.achievedAt, start), lt(userAchievements.achievedAt, end)))
    .orderBy(asc(userAchievements.achievedAt))
    .limit(10);
  return rows.map((r) => achievementLabel(r.type, r.year));
}

/**
 * One writer's monthly collection for the month `period` (issue 14 item 4): their own pieces of
 * the month (their calendar), pages, streak, achievements reached, and the month's three best
 * community pieces; a month without a piece gets a short nudge instead. Turned off: nothing.
 * A suspended writer still gets it: it is their own writing.
 */
export async function sendMonthly(deps: Deps, { userId, period, timeZone }: PerWriterJob): Promise<void> {
  const now = deps.clock.now();
  const writer = await loadRecipient(deps.db, userId, monthlyOn, now);
  if (!writer?.on) return;
  const site = { siteName: deps.env.SITE_NAME, appUrl: deps.env.APP_URL };
  const unsubscribe = unsubscribeLinks(site.appUrl, deps.authSecret, userId, "monthly");
  const mail = { key: `monthly:${period}:${userId}`, userId, kind: "monthly" };
  const collection = await getCollection(deps.db, userId, period);
  if (!collection.pieces.length) {
    await deps.outbox.queue({ ...mail, message: await monthlyNudgeMail(site, writer.email, monthLabel(period), unsubscribe) });
    return;
  }
  const { first, next } = monthDays(period);
  const start = localDayStart(first, timeZone);
  const end = localDayStart(next, timeZone);
  const [stats, achievements, best] = await Promise.all([
    getPortfolioStats(deps.db, userId, now),
    achievementsBetween(deps.db, userId, start, end),
    mostLikedBetween(deps.db, userId, start, end, MONTHLY_BEST),
  ]);
  const listed = collection.pieces.slice(0, MONTHLY_MAIL_LIST);
  const content = {
    monthLabel: collection.label,
    pieces: listed.map((p) => ({ name: p.name, day: shortDay(p.date), wordCount: p.wordCount })),
    more: collection.more + collection.pieces.length - listed.length,
    monthPages: collection.pages,
    totalPages: stats.pagesWritten,
    streak: streakLabel(stats.currentStreak),
    achievements,
    best: best.map((row) => toMailPiece(row, site.appUrl)),
    collectionUrl: `${site.appUrl}/collections/${period}`,
  };
  await deps.outbox.queue({ ...mail, message: await monthlyMail(site, writer.email, content, unsubscribe) });
}
