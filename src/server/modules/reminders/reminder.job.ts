import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { daysBetween, localDate } from "#shared/domain/dates.ts";
import type { Db } from "../../db/client.ts";
import { notificationPrefs, sentEmails, users } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import type { LocalPlan, PerWriterJob } from "../../jobs/planner.ts";
import { reminderMail } from "../../mail/reminder-mail.ts";
import { readPrefsRow, writePrefs } from "../mail-prefs/prefs.service.ts";
import { promptLine } from "#shared/domain/markup.ts";
import { chooseStoredPrompt } from "../writing/prompts.service.ts";

export const REMINDER_QUEUE = "email.reminder";
/** After this many whole days in a row without writing, the reminder asks once whether to keep coming. */
export const ASK_AFTER_SILENT_DAYS = 14;
/** The ledger kind of the reminder that asked (its date starts the next 14 days). */
const ASKING_KIND = "reminder-ask";

/**
 * The daily reminder (issue 14 item 5) at each writer's own hour. The period is the local date and
 * hour ("2026-11-24T19"): the planner marks each hour of each zone planned, and a writer whose
 * hour it is gets one job. (A local hour skipped by a DST change has no reminder that day.)
 */
export const reminderPlan: LocalPlan = {
  kind: "reminder",
  queue: REMINDER_QUEUE,
  period: (local) => `${local.date}T${String(local.hour).padStart(2, "0")}`,
  async writers(db, { timeZone, local, afterId, limit }) {
    // notification_prefs_reminder_idx: (reminder_hour, user_id) where reminder_enabled.
    const rows = await db
      .select({ id: notificationPrefs.userId })
      .from(notificationPrefs)
      .innerJoin(users, eq(users.id, notificationPrefs.userId))
      .where(and(sql`${notificationPrefs.reminderEnabled}`, eq(notificationPrefs.reminderHour, local.hour), eq(users.timeZone, timeZone), eq(users.emailVerified, true), gt(notificationPrefs.userId, afterId)))
      .orderBy(asc(notificationPrefs.userId))
      .limit(limit);
    return rows.map((r) => r.id);
  },
};

export function defineReminder(deps: Deps): void {
  deps.jobs.define<PerWriterJob>({ name: REMINDER_QUEUE, run: (job) => sendReminder(deps, job) });
}

/** The date of the last reminder that asked "keep sending?" (null: never asked): its key is "reminder:<date>:<writer>". */
async function lastAskedDate(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ key: sentEmails.key })
    .from(sentEmails)
    .where(and(eq(sentEmails.userId, userId), eq(sentEmails.kind, ASKING_KIND)))
    .orderBy(desc(sentEmails.key))
    .limit(1);
  return row ? (row.key.split(":")[1] ?? null) : null;
}

/** What today's reminder is: nothing, the plain reminder, or the one that asks; stops the reminder when the asked question went unanswered. */
async function decide(db: Db, userId: string, today: string, writer: { timeZone: string; lastWriteDate: string | null; createdAt: Date }): Promise<"none" | "remind" | "ask"> {
  const prefs = await readPrefsRow(db, userId);
  if (!prefs.reminderEnabled) return "none";
  if (writer.lastWriteDate && writer.lastWriteDate >= today) return "none";
  let askedOn = prefs.reminderAskedOn;
  if (askedOn && writer.lastWriteDate && writer.lastWriteDate >= askedOn) {
    // Writing again answers the question.
    await writePrefs(db, userId, { reminderAskedOn: null });
    askedOn = null;
  }
  if (askedOn && askedOn < today) {
    // Asked, and neither "keep reminding me" nor a piece since: the reminder stops (settings show it off).
    await writePrefs(db, userId, { reminderEnabled: false });
    return "none";
  }
  if (askedOn === today) return "ask";
  const candidates = [writer.lastWriteDate ?? localDate(writer.createdAt, writer.timeZone), await lastAskedDate(db, userId)];
  const since = candidates.filter((d): d is string => d !== null).sort().at(-1)!;
  if (daysBetween(since, today) - 1 < ASK_AFTER_SILENT_DAYS) return "remind";
  await writePrefs(db, userId, { reminderAskedOn: today });
  return "ask";
}

export async function sendReminder(deps: Deps, { userId, period }: PerWriterJob): Promise<void> {
  const { db, env, authSecret } = deps;
  const today = period.slice(0, 10);
  const [writer] = await db
    .select({ email: users.email, timeZone: users.timeZone, lastWriteDate: users.lastWriteDate, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!writer) return;
  const what = await decide(db, userId, today, writer);
  if (what === "none") return;
  const prompt = await chooseStoredPrompt(db, today);
  const { reminderHour } = await readPrefsRow(db, userId);
  const message = await reminderMail({ siteName: env.SITE_NAME, appUrl: env.APP_URL }, authSecret, {
    to: writer.email,
    userId,
    // On one line, markup read as the site shows it (the subject holds it too).
    prompt: prompt ? promptLine(prompt.prompt.text) || null : null,
    hour: reminderHour,
    timeZone: writer.timeZone,
    asking: what === "ask",
  });
  await deps.outbox.queue({ message, key: `reminder:${today}:${userId}`, userId, kind: what === "ask" ? ASKING_KIND : "reminder" });
}
