import { z } from "zod";
import { ACHIEVEMENT_TYPES } from "../domain/achievements.ts";
import { NOTIFICATION_KINDS, NOTIFIED_MODERATION_ACTIONS } from "../domain/notifications.ts";
import { isoTime, uuidSchema } from "./common.ts";

/*
 * In-app notifications (issue 14 item 6). Each is its owner's only: another writer's id is a 404.
 * The message carries what the signature on the piece shows, never more.
 */

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const NOTIFICATION_MESSAGES = {
  loginRequired: "You must be logged in to see your notifications",
  notFound: "This notification no longer exists",
  badCursor: "That page of your notifications is no longer available. Refresh to start again.",
} as const;

/** What is stored per kind (notifications.data), checked when read back. */
export const notificationData = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("comment"), by: z.string() }),
  z.object({ kind: z.literal("pick") }),
  z.object({ kind: z.literal("achievement"), achievement: z.enum(ACHIEVEMENT_TYPES), year: z.number().int() }),
  z.object({ kind: z.literal("moderation"), action: z.enum(NOTIFIED_MODERATION_ACTIONS), reason: z.string().nullable(), piece: z.string().optional() }),
  z.object({ kind: z.literal("likes") }),
  z.object({ kind: z.literal("circle_joined"), by: z.string() }),
  z.object({ kind: z.literal("circle_prompt"), date: z.iso.date() }),
  z.object({ kind: z.literal("circle_pieces") }),
  z.object({ kind: z.literal("circle_request"), by: z.string() }),
  z.object({ kind: z.literal("circle_approved") }),
  z.object({ kind: z.literal("write_in_soon"), writeInId: uuidSchema, title: z.string() }),
]);

export const notificationItem = z.object({
  id: uuidSchema,
  kind: z.enum(NOTIFICATION_KINDS),
  /** The sentence to show (notificationText()). */
  message: z.string(),
  /** The piece to link to; null when there is none (an achievement, a deleted piece). */
  pieceId: uuidSchema.nullable(),
  /** The circle to link to (issue 29 item 8: someone joined, a new prompt, new pieces); null for every other kind. */
  circleSlug: z.string().nullable(),
  /** The write-in a reminder is about (issue 30 item 1); null for every other kind. */
  writeInId: uuidSchema.nullable(),
  /** Likes (or a circle's new pieces) in a batch (1 for every other kind). */
  count: z.number().int(),
  /** When it last changed (a likes batch moves with each like). */
  updatedAt: isoTime,
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** GET /api/notifications?cursor= — newest first, keyset-paged. */
export const notificationsQuery = z.object({ cursor: z.string().max(200).optional() });
export const notificationList = z.object({ items: z.array(notificationItem), nextCursor: z.string().nullable() });
export type NotificationList = z.infer<typeof notificationList>;

/** GET /api/notifications/unread-count, and the answer of both "mark read" routes. */
export const unreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCount>;
