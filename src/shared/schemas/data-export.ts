import { z } from "zod";
import { PROMPT_KINDS } from "../domain/prompt-choice.ts";
import { ACHIEVEMENT_TYPES } from "../domain/achievements.ts";
import { SIGNATURES } from "../domain/author.ts";
import { REPORT_ITEM_KINDS, REPORT_OUTCOMES, REPORT_REASONS } from "../domain/moderation.ts";
import { isoDate, isoTime, uuidSchema } from "./common.ts";

/*
 * "All my data" (issue 15 item 1): the one JSON document a writer downloads from /settings/data,
 * streamed by GET /api/me/export/json. Each part is parsed through its schema here before it is
 * written, so a field not named here never leaves the server. Only the writer's own data: a
 * piece they commented on or liked is named by its id and title, never by who wrote it.
 */

export const DATA_EXPORT_FORMAT = "inkwell-data";
export const DATA_EXPORT_VERSION = 1;

export const exportVersion = z.object({ title: z.string().nullable(), text: z.string(), words: z.number(), pages: z.number() });

export const exportProfile = z.object({
  id: uuidSchema,
  email: z.string(),
  emailVerified: z.boolean(),
  name: z.string(),
  alias: z.string().nullable(),
  age: z.number().nullable(),
  location: z.string().nullable(),
  timeZone: z.string(),
  createdAt: isoTime,
});

export const exportPiece = z.object({
  id: uuidSchema,
  createdAt: isoTime,
  updatedAt: isoTime,
  localDate: isoDate,
  prompt: z.object({ text: z.string(), date: isoDate.nullable(), kind: z.enum(PROMPT_KINDS) }),
  visibility: z.enum(["public", "private"]),
  /** The circles it is shared with, by name (issue 29; absent in archives made before circles). */
  circles: z.array(z.string()).default([]),
  signature: z.enum(SIGNATURES),
  alias: z.string().nullable(),
  featured: z.boolean(),
  likes: z.number().int(),
  comments: z.number().int(),
  contentWarning: z.string().nullable(),
  hidden: z.boolean(),
  /** What the community reads (null for a private piece). */
  published: exportVersion.nullable(),
  /** The writer's private version: a private piece's text, or a public piece's private edit (null: none). */
  private: exportVersion.nullable(),
});

/** A piece someone else may have written: its id and title only. */
const pieceRef = z.object({ id: uuidSchema, title: z.string() });

export const exportComment = z.object({ id: uuidSchema, createdAt: isoTime, text: z.string(), piece: pieceRef });
export const exportLike = z.object({ createdAt: isoTime, piece: pieceRef });
export const exportReport = z.object({
  id: uuidSchema,
  createdAt: isoTime,
  itemKind: z.enum(REPORT_ITEM_KINDS),
  itemId: uuidSchema,
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  status: z.enum(["open", "closed"]),
  outcome: z.enum(REPORT_OUTCOMES).nullable(),
});
export const exportAchievement = z.object({ type: z.enum(ACHIEVEMENT_TYPES), year: z.number().int(), achievedAt: isoTime });
export const exportShareLink = z.object({ pieceId: uuidSchema, token: z.string(), createdAt: isoTime, expiresAt: isoTime });
export const exportStreaks = z.object({ current: z.number().int(), longest: z.number().int(), lastWriteDate: isoDate.nullable() });
/** Null: never changed, the defaults apply. */
export const exportNotificationPrefs = z
  .object({ weeklyEmail: z.boolean(), monthlyEmail: z.boolean(), reminderEnabled: z.boolean(), reminderHour: z.number().int(), digest: z.enum(["off", "daily", "weekly"]) })
  .nullable();

export const dataExport = z.object({
  format: z.literal(DATA_EXPORT_FORMAT),
  version: z.literal(DATA_EXPORT_VERSION),
  exportedAt: isoTime,
  profile: exportProfile,
  streaks: exportStreaks,
  notificationPreferences: exportNotificationPrefs,
  achievements: z.array(exportAchievement),
  shareLinks: z.array(exportShareLink),
  reports: z.array(exportReport),
  likes: z.array(exportLike),
  comments: z.array(exportComment),
  /** Every day the writer wrote on (their own calendar days), oldest first. */
  daysWritten: z.array(isoDate),
  pieces: z.array(exportPiece),
});
export type DataExport = z.infer<typeof dataExport>;
