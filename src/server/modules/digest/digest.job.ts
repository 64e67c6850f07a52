import { and, asc, eq, gt } from "drizzle-orm";
import { notificationPrefs, users } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import type { LocalPlan, PerWriterJob } from "../../jobs/planner.ts";
import { DIGEST_LINES, digestMail } from "../../mail/digest-mail.ts";
import { readPrefsRow, writePrefs } from "../mail-prefs/prefs.service.ts";
import { unreadSince } from "./digest.query.ts";

/*
 * The email digest of unread notifications (issue 14 item 6's email part), daily or weekly from
 * 09:00 local time. The notifications table comes from the wp14-notif branch; this file reads it
 * by its agreed contract — notifications(id, user_id, kind, submission_id, data jsonb, count,
 * created_at, updated_at, read_at) — in digest.query.ts, the one file to finish at merge.
 */

type Frequency = "daily" | "weekly";
export const DIGEST_QUEUES: Record<Frequency, string> = { daily: "email.digest-daily", weekly: "email.digest-weekly" };
/** The local hour a digest is due from (the planner gives it once per period). */
const DIGEST_HOUR = 9;
const MONDAY = 1;

function digestWriters(frequency: Frequency): LocalPlan["writers"] {
  return async (db, { timeZone, afterId, limit }) => {
    // users_time_zone_idx walks the zone in id order; the prefs row by its key (no row: digest off).
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(notificationPrefs, eq(notificationPrefs.userId, users.id))
      .where(and(eq(users.timeZone, timeZone), gt(users.id, afterId), eq(users.emailVerified, true), eq(notificationPrefs.digest, frequency)))
      .orderBy(asc(users.id))
      .limit(limit);
    return rows.map((r) => r.id);
  };
}

export const digestPlans: LocalPlan[] = [
  { kind: "digest-daily", queue: DIGEST_QUEUES.daily, period: (local) => (local.hour >= DIGEST_HOUR ? local.date : null), writers: digestWriters("daily") },
  {
    kind: "digest-weekly",
    queue: DIGEST_QUEUES.weekly,
    period: (local) => (local.weekday === MONDAY && local.hour >= DIGEST_HOUR ? local.date : null),
    writers: digestWriters("weekly"),
  },
];

export function defineDigest(deps: Deps): void {
  for (const frequency of ["daily", "weekly"] as const) {
    deps.jobs.define<PerWriterJob>({ name: DIGEST_QUEUES[frequency], run: (job) => sendDigest(deps, frequency, job) });
  }
}

export async function sendDigest(deps: Deps, frequency: Frequency, { userId, period }: PerWriterJob): Promise<void> {
  const { db, env, authSecret } = deps;
  const prefs = await readPrefsRow(db, userId);
  // Changed since it was planned: the other plan (or none) is the writer's now.
  if (prefs.digest !== frequency) return;
  const [writer] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!writer) return;
  // Since the newest notification the last digest listed (not since it was delivered: one that
  // came while a digest waited for a retry is still listed next time).
  const { items, total } = await unreadSince(db, userId, prefs.digestThrough, DIGEST_LINES);
  const message = await digestMail({ siteName: env.SITE_NAME, appUrl: env.APP_URL }, authSecret, { email: writer.email, userId }, frequency, items, total);
  if (!message) return;
  // Queued first (keyed: a retry of this job queues nothing new), then the mark moves past what it lists.
  await deps.outbox.queue({ message, key: `digest:${period}:${userId}`, userId, kind: "digest" });
  await writePrefs(db, userId, { digestThrough: new Date(items.at(-1)!.updatedAt) });
}
