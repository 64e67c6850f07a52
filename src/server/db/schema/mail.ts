import { sql } from "drizzle-orm";
import { boolean, check, date, index, pgTable, primaryKey, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { stampColumn } from "./columns.ts";
import { users } from "./auth.ts";

/**
 * A writer's email choices (issue 14). No row means the defaults: the weekly best-of and the
 * monthly collection on, the daily reminder and the digest off.
 */
export const notificationPrefs = pgTable(
  "notification_prefs",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    weeklyEmail: boolean("weekly_email").notNull().default(true),
    monthlyEmail: boolean("monthly_email").notNull().default(true),
    reminderEnabled: boolean("reminder_enabled").notNull().default(false),
    /** The writer's local hour (0–23) for the daily reminder. */
    reminderHour: smallint("reminder_hour").notNull().default(19),
    /** When the reminder asked "keep sending?" after 14 days without writing (null: not asked since). */
    reminderAskedOn: date("reminder_asked_on", { mode: "string" }),
    /** The writer answered the reminder offer shown after their first save (yes or no). */
    reminderOffered: boolean("reminder_offered").notNull().default(false),
    /** An email 10 minutes before a write-in they said they are coming to (issue 30 item 1; the bell always tells). */
    writeInEmail: boolean("write_in_email").notNull().default(false),
    digest: text("digest", { enum: ["off", "daily", "weekly"] }).notNull().default("off"),
    /** The digest's frequency before an unsubscribe link turned it off (its undo brings it back). */
    digestBefore: text("digest_before", { enum: ["daily", "weekly"] }),
    /** The newest notification the last digest listed: the next one lists what changed after it. */
    digestThrough: timestamp("digest_through", { withTimezone: true }),
    updatedAt: stampColumn("updated_at"),
  },
  (t) => [
    index("notification_prefs_reminder_idx").on(t.reminderHour, t.userId).where(sql`${t.reminderEnabled}`),
    check("notification_prefs_reminder_hour", sql`${t.reminderHour} BETWEEN 0 AND 23`),
  ],
);

/**
 * Every scheduled or keyed email that went out, by its key ("weekly:2026-11-29:<writer>"): the
 * sender checks it before sending, so a retried or re-planned job never mails twice.
 */
export const sentEmails = pgTable(
  "sent_emails",
  {
    key: text("key").primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    sentAt: stampColumn("created_at"),
  },
  (t) => [index("sent_emails_user_idx").on(t.userId, t.sentAt.desc())],
);

/**
 * A (kind, period, time zone) whose writers have all been given their job: the minute tick
 * skips it after that instead of walking those writers again.
 */
export const mailPlans = pgTable(
  "mail_plans",
  {
    kind: text("kind").notNull(),
    period: text("period").notNull(),
    timeZone: text("time_zone").notNull(),
    plannedAt: stampColumn("created_at"),
  },
  (t) => [primaryKey({ name: "mail_plans_pkey", columns: [t.kind, t.period, t.timeZone] }), index("mail_plans_created_idx").on(t.plannedAt)],
);
