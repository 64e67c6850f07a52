import { z } from "zod";
import { isValidTimeZone } from "../domain/dates.ts";

/** How often the digest of unread notifications comes (issue 14 item 6). */
export const DIGEST_FREQUENCIES = ["off", "daily", "weekly"] as const;
/** The emails a writer can turn off from the email itself. */
export const MAIL_KINDS = ["weekly", "monthly", "reminder", "digest", "write-in"] as const;
export type MailKindName = (typeof MAIL_KINDS)[number];

export const PREFS_MESSAGES = {
  loginRequired: "You must be signed in to change your email settings",
  saved: "Your email settings are saved.",
  badHour: "Choose a reminder hour from 0 to 23",
  badDigest: "Choose how often the digest comes: off, daily or weekly",
  badTimeZone: "Choose a time zone from the list",
  badToken: "This unsubscribe link is not valid. Open your email settings to choose what you get.",
  notReminderToken: "This link is not a reminder link.",
} as const;

/** What each kind of email is called in a sentence ("You will no longer get the weekly best-of"). */
export const MAIL_KIND_NAMES: Record<MailKindName, string> = {
  weekly: "the weekly best-of",
  monthly: "the monthly collection",
  reminder: "the daily reminder",
  digest: "the notification digest",
  "write-in": "write-in reminders by email",
};

/** GET /api/me/notification-prefs: a writer's email choices and the time zone they are kept in. */
export const notificationPrefsOutput = z.object({
  weekly: z.boolean(),
  monthly: z.boolean(),
  reminder: z.boolean(),
  /** The writer's local hour, 0–23, in `timeZone`. */
  reminderHour: z.number().int(),
  digest: z.enum(DIGEST_FREQUENCIES),
  /** An email 10 minutes before a write-in the writer said they are coming to (the bell tells them anyway). */
  writeInEmail: z.boolean(),
  timeZone: z.string(),
  /** True once: right after the writer's first piece, when the reminder has not been offered yet. */
  offerReminder: z.boolean(),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsOutput>;

export const notificationPrefsResponse = z.object({ prefs: notificationPrefsOutput, message: z.string().optional() });

/** PUT: any subset; `reminderOffered` records the answer to the offer after the first piece. */
export const notificationPrefsInput = z
  .strictObject({
    weekly: z.boolean(),
    monthly: z.boolean(),
    reminder: z.boolean(),
    reminderHour: z.number({ error: PREFS_MESSAGES.badHour }).int(PREFS_MESSAGES.badHour).min(0, PREFS_MESSAGES.badHour).max(23, PREFS_MESSAGES.badHour),
    digest: z.enum(DIGEST_FREQUENCIES, { error: PREFS_MESSAGES.badDigest }),
    writeInEmail: z.boolean(),
    timeZone: z.string({ error: PREFS_MESSAGES.badTimeZone }).refine(isValidTimeZone, PREFS_MESSAGES.badTimeZone),
    reminderOffered: z.literal(true),
  })
  .partial();
export type NotificationPrefsInput = z.infer<typeof notificationPrefsInput>;

/** ?token= of the unsubscribe, undo and keep-reminding actions (checked by its signature on the server). */
export const mailTokenQuery = z.object({ token: z.string({ error: PREFS_MESSAGES.badToken }).min(1, PREFS_MESSAGES.badToken).max(200, PREFS_MESSAGES.badToken) });

/** What an unsubscribe / undo / keep answer says: which kind, whether it is now on, in words. */
export const mailChoiceResponse = z.object({ kind: z.enum(MAIL_KINDS), on: z.boolean(), message: z.string() });
export type MailChoice = z.infer<typeof mailChoiceResponse>;
