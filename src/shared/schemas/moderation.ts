import { z } from "zod";
import {
  AUDIT_ACTIONS,
  HIDE_REASON_MAX,
  REPORT_ITEM_KINDS,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  SUSPENSION_REASON_MAX,
  MODERATION_MESSAGES,
} from "../domain/moderation.ts";
import { isoTime, uuidSchema } from "./common.ts";

/* Reports, the admin queue, suspensions and the audit log (issue 13). */

export { MODERATION_MESSAGES } from "../domain/moderation.ts";

const itemKind = z.enum(REPORT_ITEM_KINDS);
const cursor = z.string().optional();
const nextCursor = z.string().nullable();

/** POST /api/reports */
export const reportInput = z.object({
  itemKind,
  itemId: uuidSchema,
  reason: z.enum(REPORT_REASONS, { error: MODERATION_MESSAGES.reasonRequired }),
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX, MODERATION_MESSAGES.noteTooLong)
    .optional()
    .transform((v) => v || null),
});
export type ReportInput = z.input<typeof reportInput>;
export const reportResult = z.object({ id: z.string(), message: z.string() });

/** One report of an item, as the queue shows it: never who reported it. */
const queueReport = z.object({ id: z.string(), reason: z.enum(REPORT_REASONS), note: z.string().nullable(), createdAt: isoTime });

/**
 * An item with open reports. `author` is who really wrote it (admins may see it, and each sight
 * is recorded in the audit log); `authorLabel` is how others see it signed.
 */
export const queueItem = z.object({
  itemKind,
  itemId: z.string(),
  pieceId: z.string(),
  title: z.string().nullable(),
  text: z.string(),
  authorLabel: z.string(),
  author: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  hidden: z.object({ at: isoTime, reason: z.string() }).nullable(),
  count: z.number().int(),
  latestAt: isoTime,
  reports: z.array(queueReport),
});
export type QueueItem = z.infer<typeof queueItem>;
export const reportQueuePage = z.object({ items: z.array(queueItem), nextCursor });
export type ReportQueuePage = z.infer<typeof reportQueuePage>;
/** ?view=open (items with open reports) or hidden (items hidden now, most recently hidden first: to restore). */
export const reportQueueQuery = z.object({ view: z.enum(["open", "hidden"]).default("open"), cursor });
export const openReportCount = z.object({ open: z.number().int() });

const itemPath = { kind: itemKind, id: uuidSchema };
export const itemParam = z.object(itemPath);

/** POST /api/admin/moderation/:kind/:id/hide */
export const hideInput = z.object({
  reason: z.string({ error: MODERATION_MESSAGES.hideReasonRequired }).trim().min(1, MODERATION_MESSAGES.hideReasonRequired).max(HIDE_REASON_MAX, MODERATION_MESSAGES.hideReasonTooLong),
});
export const moderationResult = z.object({
  itemKind,
  itemId: z.string(),
  outcome: z.enum(["hidden", "restored", "deleted", "dismissed"]),
  closedReports: z.number().int(),
});
export type ModerationResult = z.infer<typeof moderationResult>;

/** PUT /api/admin/users/:id/suspension: `until` null suspends indefinitely. */
export const suspensionInput = z.object({
  until: isoTime.nullable(),
  reason: z
    .string({ error: MODERATION_MESSAGES.suspensionReasonRequired })
    .trim()
    .min(1, MODERATION_MESSAGES.suspensionReasonRequired)
    .max(SUSPENSION_REASON_MAX, MODERATION_MESSAGES.suspensionReasonTooLong),
});
export type SuspensionInput = z.input<typeof suspensionInput>;
export const suspensionState = z.object({
  userId: z.string(),
  suspension: z.object({ until: isoTime.nullable(), reason: z.string(), since: isoTime }).nullable(),
});
export type SuspensionState = z.infer<typeof suspensionState>;
export const hideAllResult = z.object({ userId: z.string(), hidden: z.number().int() });
export type HideAllResult = z.infer<typeof hideAllResult>;

/** GET /api/me/suspension: the signed-in writer's own suspension (null: none). */
export const mySuspension = z.object({ suspension: z.object({ until: isoTime.nullable(), reason: z.string(), message: z.string() }).nullable() });
export type MySuspension = z.infer<typeof mySuspension>;

/** GET /api/admin/audit?adminId=&writerId=&action=&cursor= */
export const auditQuery = z.object({
  adminId: uuidSchema.optional(),
  writerId: uuidSchema.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  cursor,
});
export type AuditQuery = z.infer<typeof auditQuery>;
const person = z.object({ id: z.string(), name: z.string() }).nullable();
export const auditEntry = z.object({
  id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  admin: person,
  writer: person,
  itemKind: itemKind.nullable(),
  itemId: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: isoTime,
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = z.object({ entries: z.array(auditEntry), nextCursor });
export type AuditPage = z.infer<typeof auditPage>;
