import { and, asc, eq, gt } from "drizzle-orm";
import { localMoment, type LocalMoment } from "#shared/domain/dates.ts";
import type { Db } from "../db/client.ts";
import { mailPlans, users } from "../db/schema/index.ts";
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

/** The time zones writers are in (one index-only walk; a few hundred at most). */
async function timeZonesInUse(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ tz: users.timeZone }).from(users).orderBy(asc(users.timeZone));
  return rows.map((r) => r.tz);
}

/** Plain writers of one time zone in id order: what most plans filter further. */
export function writersOfZone(db: Db, timeZone: string, afterId: string, limit: number) {
  return db.select({ id: users.id }).from(users).where(and(eq(users.timeZone, timeZone), gt(users.id, afterId))).orderBy(asc(users.id)).limit(limit);
}

export const FIRST_ID = "00000000-0000-0000-0000-000000000000";

/** One tick: every (plan, time zone) that is due now and not yet planned gets its writers' jobs; returns how many writers were given one. */
export async function planDue(db: Db, jobs: Jobs, plans: LocalPlan[], now: Date): Promise<number> {
  let queued = 0;
  for (const timeZone of await timeZonesInUse(db)) {
    const local = localMoment(now, timeZone);
    for (const plan of plans) {
      const period = plan.period(local);
      if (!period) continue;
      const marker = and(eq(mailPlans.kind, plan.kind), eq(mailPlans.period, period), eq(mailPlans.timeZone, timeZone));
      const [done] = await db.select({ kind: mailPlans.kind }).from(mailPlans).where(marker).limit(1);
      if (done) continue;
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
  }
  return queued;
}
