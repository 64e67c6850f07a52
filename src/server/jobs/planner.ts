import { and, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { localMoment, type LocalMoment } from "#shared/domain/dates.ts";
import type { Db } from "../db/client.ts";
import { mailPlans, users } from "../db/schema/index.ts";
import { typedRows } from "../db/typed-rows.ts";
import type { Jobs } from "./queue.ts";

/** Writers are given their jobs this many at a time. */
const BATCH = 500;

/**
 * A job every writer gets at a local time: the weekly best-of on Sunday from 09:00, the daily
 * reminder at the writer's hour… `period` says which period is due at a writer's local moment
 * (null: nothing now); the job is keyed by period and writer, so it is sent once whatever
 * happens (three instances, a restart half-way, a tick that runs twice).
 */
export interface LocalPlan {
  /** Names the plan in its markers ("weekly"). */
  kind: string;
  /** The queue that gets one job per writer: data { userId, period, timeZone }. */
  queue: string;
  period(local: LocalMoment): string | null;
  /** The ids of the writers of `timeZone` due for `period`, after `afterId`, in id order, at most `limit`. */
  writers(db: Db, q: { timeZone: string; period: string; local: LocalMoment; afterId: string; limit: number }): Promise<string[]>;
}

export interface PerWriterJob {
  userId: string;
  period: string;
  timeZone: string;
  [key: string]: unknown;
}

/**
 * The time zones writers are in, by a loose index scan of users_time_zone_idx: one index probe
 * per zone (a few hundred at most), not a read of every writer's entry each minute (PostgreSQL
 * 15 cannot skip through an index by itself).
 */
async function timeZonesInUse(db: Db): Promise<string[]> {
  const rows = await typedRows(
    db,
    sql`
    with recursive zones(tz) as (
      (select time_zone from ${users} order by time_zone limit 1)
      union all
      select (select u.time_zone from ${users} u where u.time_zone > zones.tz order by u.time_zone limit 1) from zones where zones.tz is not null
    )
    select tz from zones where tz is not null`,
    z.object({ tz: z.string() }),
  );
  return rows.map((r) => r.tz);
}

export const FIRST_ID = "00000000-0000-0000-0000-000000000000";

/** One tick: every (plan, time zone) that is due now and not yet planned gets its writers' jobs; returns how many writers were given one. */
export async function planDue(db: Db, jobs: Jobs, plans: LocalPlan[], now: Date): Promise<number> {
  // Every (plan, zone, period) due now, then the ones already planned in one read, not one per pair.
  const due = (await timeZonesInUse(db)).flatMap((timeZone) => {
    const local = localMoment(now, timeZone);
    return plans.flatMap((plan) => {
      const period = plan.period(local);
      return period ? [{ plan, timeZone, local, period }] : [];
    });
  });
  if (due.length === 0) return 0;
  const planned = await db
    .select({ kind: mailPlans.kind, period: mailPlans.period, timeZone: mailPlans.timeZone })
    .from(mailPlans)
    // mail_plans_pkey (kind, period, time_zone): both leading columns named.
    .where(and(inArray(mailPlans.kind, [...new Set(due.map((d) => d.plan.kind))]), inArray(mailPlans.period, [...new Set(due.map((d) => d.period))])));
  const done = new Set(planned.map((m) => `${m.kind}|${m.period}|${m.timeZone}`));
  let queued = 0;
  for (const { plan, timeZone, local, period } of due) {
    if (done.has(`${plan.kind}|${period}|${timeZone}`)) continue;
    let afterId = FIRST_ID;
    for (;;) {
      const ids = await plan.writers(db, { timeZone, period, local, afterId, limit: BATCH });
      await jobs.sendMany(
        plan.queue,
        ids.map((userId) => ({ data: { userId, period, timeZone } satisfies PerWriterJob, key: `${period}:${userId}` })),
      );
      queued += ids.length;
      if (ids.length < BATCH) break;
      afterId = ids.at(-1)!;
    }
    // Only after every writer has a job: a tick cut short plans this zone again (the keys keep it once).
    await db.insert(mailPlans).values({ kind: plan.kind, period, timeZone }).onConflictDoNothing();
  }
  return queued;
}
