/*
 * Moderation (issue 13): what can be reported and why, what admins do, and how a suspension is
 * told to the writer. Shared by the database schema, the API schemas and the client.
 */

export const REPORT_ITEM_KINDS = ["piece", "comment"] as const;
export type ReportItemKind = (typeof REPORT_ITEM_KINDS)[number];

export const REPORT_REASONS = ["spam", "harassment", "sexual", "self_harm", "plagiarism", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The words a writer picks from and an admin reads. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  harassment: "Harassment or hate",
  sexual: "Sexual content",
  self_harm: "Self-harm concern",
  plagiarism: "Plagiarism",
  other: "Other",
};

export const REPORT_NOTE_MAX = 500;
export const HIDE_REASON_MAX = 500;
export const SUSPENSION_REASON_MAX = 500;
/** Reports a writer may file per hour (DB-backed, across instances). */
export const REPORTS_PER_HOUR = 10;

export const REPORT_OUTCOMES = ["hidden", "restored", "deleted", "dismissed"] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** Every kind of line in the audit log. */
export const AUDIT_ACTIONS = [
  "hide",
  "restore",
  "delete",
  "dismiss",
  "view_identity",
  "suspend",
  "lift_suspension",
  "hide_all",
  "feature",
  "unfeature",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  hide: "Hid",
  restore: "Restored",
  delete: "Deleted",
  dismiss: "Dismissed reports",
  view_identity: "Viewed identity",
  suspend: "Suspended",
  lift_suspension: "Lifted suspension",
  hide_all: "Hid all public pieces",
  feature: "Featured",
  unfeature: "Unfeatured",
};

/** A suspension as the server keeps it; `until` null means indefinitely. */
export interface Suspension {
  until: string | null;
  reason: string;
}

/** Whether a suspension still holds at `now`. */
export function suspensionActive(s: { suspendedAt: Date | null; suspendedUntil: Date | null }, now: Date): boolean {
  return s.suspendedAt !== null && (s.suspendedUntil === null || s.suspendedUntil.getTime() > now.getTime());
}

/**
 * What a suspended writer is told (issue 13: "Your account can't publish until {date}: {reason}").
 * Indefinitely: "Your account can't publish until an admin lifts the suspension: {reason}".
 * The date is the calendar date in the writer's zone.
 */
export function suspensionMessage(s: Suspension, timeZone = "UTC"): string {
  if (s.until === null) return `Your account can't publish until an admin lifts the suspension: ${s.reason}`;
  const date = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone }).format(new Date(s.until));
  return `Your account can't publish until ${date}: ${s.reason}`;
}

export const MODERATION_MESSAGES = {
  loginToReport: "You must be logged in to report",
  reportThanks: "Thanks — an admin will look at this.",
  alreadyReported: "You already reported this",
  ownContent: "You can't report your own writing",
  itemNotFound: "That piece or comment is no longer here",
  reasonRequired: "Choose a reason",
  noteTooLong: `Keep the note under ${REPORT_NOTE_MAX} characters`,
  hideReasonRequired: "Say why it is hidden",
  hideReasonTooLong: `Keep the reason under ${HIDE_REASON_MAX} characters`,
  suspensionReasonRequired: "Say why the account is suspended",
  suspensionReasonTooLong: `Keep the reason under ${SUSPENSION_REASON_MAX} characters`,
  suspensionUntilPast: "Choose a date in the future",
  userNotFound: "User not found",
  notSuspended: "This account is not suspended",
  invalidCursor: "That page link is out of date. Reload and try again.",
  hiddenByModerators: "Hidden by moderators",
} as const;
