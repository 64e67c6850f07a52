import { and, asc, eq, gt, lt, sql, type SQL } from "drizzle-orm";
import { localDayStart } from "#shared/domain/dates.ts";
import { monthDays, monthlyPeriod, weeklyPeriod } from "#shared/domain/months.ts";
import type { Db } from "../../db/client.ts";
import { notificationPrefs, users } from "../../db/schema/index.ts";
import type { LocalPlan } from "../../jobs/planner.ts";

/** The queue that composes one writer's weekly best-of. */
export const WEEKLY_QUEUE = "email.weekly";
/** The queue that composes one writer's monthly collection. */
export const MONTHLY_QUEUE = "email.monthly";

/**
 * The writers of one zone whose preference `on` holds (no preferences row: the default, on), in id
 * order (users_time_zone_idx; the prefs row by its primary key). Only confirmed addresses: an
 * address someone typed in for a stranger never gets mail it did not ask for.
 */
async function writersWith(db: Db, on: SQL, q: { timeZone: string; afterId: string; limit: number }, also?: SQL): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(notificationPrefs, eq(notificationPrefs.userId, users.id))
    .where(and(eq(users.timeZone, q.timeZone), gt(users.id, q.afterId), eq(users.emailVerified, true), on, also))
    .orderBy(asc(users.id))
    .limit(q.limit);
  return rows.map((r) => r.id);
}

export const weeklyOn = sql`coalesce(${notificationPrefs.weeklyEmail}, true)`;
export const monthlyOn = sql`coalesce(${notificationPrefs.monthlyEmail}, true)`;

/** The weekly best-of: every writer with it on, on their Sunday from 09:00 (issue 14 item 3). */
export const weeklyPlan: LocalPlan = {
  kind: "weekly",
  queue: WEEKLY_QUEUE,
  period: weeklyPeriod,
  writers: (db, q) => writersWith(db, weeklyOn, q),
};

/**
 * The monthly collection: every writer with it on who had an account before the month after
 * `period` began (a writer who joined on the 1st is not nudged about a month they were not
 * there for), on their 1st from 09:00 (issue 14 item 4).
 */
export const monthlyPlan: LocalPlan = {
  kind: "monthly",
  queue: MONTHLY_QUEUE,
  period: monthlyPeriod,
  writers: (db, q) => writersWith(db, monthlyOn, q, lt(users.createdAt, localDayStart(monthDays(q.period).next, q.timeZone))),
};
