import { and, eq, lte, sql } from "drizzle-orm";
import type { MailKindName, NotificationPrefs, NotificationPrefsInput } from "#shared/schemas/notification-prefs.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { notificationPrefs, submissions, users } from "../../db/schema/index.ts";
import { badRequest } from "../../http/errors.ts";
import { TIME_ZONE_CHANGE_MS } from "../../http/session.ts";

type PrefsRow = typeof notificationPrefs.$inferSelect;
type PrefsChange = Partial<Omit<typeof notificationPrefs.$inferInsert, "userId">>;

/** A writer with no row has the defaults (migrations 0009, 0029): weekly and monthly on, reminder off at 19, no digest, no write-in email. */
const DEFAULTS = { weeklyEmail: true, monthlyEmail: true, reminderEnabled: false, reminderHour: 19, reminderAskedOn: null, reminderOffered: false, writeInEmail: false, digest: "off", digestBefore: null, digestThrough: null } as const;

export const TIME_ZONE_TOO_SOON = "Your time zone can change once a day, so a writing day cannot be moved. Try again tomorrow.";

export async function readPrefsRow(q: Queryable, userId: string): Promise<Omit<PrefsRow, "userId" | "updatedAt">> {
  const [row] = await q.select().from(notificationPrefs).where(eq(notificationPrefs.userId, userId)).limit(1);
  return row ?? DEFAULTS;
}

/** Inserts the writer's row with the defaults plus `change`, or changes the existing row. */
export async function writePrefs(q: Queryable, userId: string, change: PrefsChange): Promise<void> {
  if (Object.keys(change).length === 0) return;
  await q
    .insert(notificationPrefs)
    .values({ userId, ...change })
    .onConflictDoUpdate({ target: notificationPrefs.userId, set: { ...change, updatedAt: sql`now()` } });
}

/** The offer after the first piece: not answered yet, reminder off, and exactly one piece so far. */
async function shouldOfferReminder(db: Db, userId: string, row: Omit<PrefsRow, "userId" | "updatedAt">): Promise<boolean> {
  if (row.reminderOffered || row.reminderEnabled) return false;
  const pieces = await db.select({ id: submissions.id }).from(submissions).where(eq(submissions.userId, userId)).limit(2);
  return pieces.length === 1;
}

export async function getPrefs(db: Db, userId: string): Promise<NotificationPrefs> {
  const row = await readPrefsRow(db, userId);
  const [user] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)).limit(1);
  return {
    weekly: row.weeklyEmail,
    monthly: row.monthlyEmail,
    reminder: row.reminderEnabled,
    reminderHour: row.reminderHour,
    digest: row.digest,
    writeInEmail: row.writeInEmail,
    timeZone: user?.timeZone ?? "UTC",
    offerReminder: await shouldOfferReminder(db, userId, row),
  };
}

/**
 * Saves a writer's choices. A changed time zone follows the rule the browser's zone follows
 * (session.ts): at most once a day, counted from the last change or from sign-up.
 */
export async function updatePrefs(db: Db, userId: string, input: NotificationPrefsInput, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readPrefsRow(tx, userId);
    const change: PrefsChange = {};
    if (input.weekly !== undefined) change.weeklyEmail = input.weekly;
    if (input.monthly !== undefined) change.monthlyEmail = input.monthly;
    if (input.reminder !== undefined) change.reminderEnabled = input.reminder;
    // Turning the reminder (back) on is a fresh start: no "keep sending?" question pending.
    if (input.reminder && !before.reminderEnabled) change.reminderAskedOn = null;
    if (input.reminderHour !== undefined) change.reminderHour = input.reminderHour;
    if (input.digest !== undefined) change.digest = input.digest;
    if (input.writeInEmail !== undefined) change.writeInEmail = input.writeInEmail;
    if (input.reminderOffered) change.reminderOffered = true;
    if (input.timeZone !== undefined) await changeTimeZone(tx, userId, input.timeZone, now);
    await writePrefs(tx, userId, change);
  });
}

async function changeTimeZone(q: Queryable, userId: string, timeZone: string, now: Date): Promise<void> {
  const [current] = await q.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)).limit(1);
  if (!current || current.timeZone === timeZone) return;
  const [changed] = await q
    .update(users)
    .set({ timeZone, timeZoneChangedAt: now })
    .where(and(eq(users.id, userId), lte(sql`coalesce(${users.timeZoneChangedAt}, ${users.createdAt})`, new Date(now.getTime() - TIME_ZONE_CHANGE_MS))))
    .returning({ id: users.id });
  if (!changed) throw badRequest(TIME_ZONE_TOO_SOON, "time_zone_too_soon");
}

/** Turns one kind of email on or off (the unsubscribe link and its undo: a digest comes back as often as it came). */
export async function setMailKind(db: Db, userId: string, kind: MailKindName, on: boolean): Promise<void> {
  if (kind === "digest") return setDigest(db, userId, on);
  const change: Record<Exclude<MailKindName, "digest">, PrefsChange> = {
    weekly: { weeklyEmail: on },
    monthly: { monthlyEmail: on },
    reminder: { reminderEnabled: on, ...(on ? { reminderAskedOn: null } : {}) },
    "write-in": { writeInEmail: on },
  };
  await writePrefs(db, userId, change[kind]);
}

async function setDigest(db: Db, userId: string, on: boolean): Promise<void> {
  const { digest, digestBefore } = await readPrefsRow(db, userId);
  if (on) {
    if (digest === "off") await writePrefs(db, userId, { digest: digestBefore ?? "daily" });
  } else if (digest !== "off") {
    await writePrefs(db, userId, { digest: "off", digestBefore: digest });
  }
}
