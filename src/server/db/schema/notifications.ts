import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { NOTIFICATION_KINDS } from "../../../shared/domain/notifications.ts";
import { idColumn, ownedBy, stamps } from "./columns.ts";
import { users } from "./auth.ts";
import { submissions } from "./content.ts";
import { circles } from "./circles.ts";

/**
 * A writer's in-app notifications (issue 14 item 6): a comment on their piece, their piece
 * picked, an achievement, a moderation decision, likes. `data` holds only what the message
 * needs (the piece's name as it was, the comment's signature label as shown on the piece,
 * the achievement, the moderation action and reason) — never who is behind a signature.
 *
 * Likes are batched: one UNREAD `likes` row per (writer, piece) counts up (`count`); once read,
 * the next like starts a new row. `updated_at` moves with every like, so the list (newest
 * first by `updated_at`) brings a growing batch back to the top.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: idColumn(),
    userId: ownedBy("user_id", () => users.id),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    /** The piece it is about (gone with it); null when there is none to link to (a deleted piece). */
    submissionId: uuid("submission_id").references(() => submissions.id, { onDelete: "cascade" }),
    /** The circle it is about (issue 29 item 8), gone with it. */
    circleId: uuid("circle_id").references((): AnyPgColumn => circles.id, { onDelete: "cascade" }),
    data: jsonb("data").notNull().default({}),
    count: integer("count").notNull().default(1),
    readAt: timestamp("read_at", { withTimezone: true }),
    ...stamps(),
  },
  (t) => [
    // The list, newest first (keyset on updated_at, id).
    index("notifications_user_updated_idx").on(t.userId, t.updatedAt.desc(), t.id.desc()),
    // The unread count, and "unread since" for the digest.
    index("notifications_user_unread_idx").on(t.userId, t.updatedAt).where(sql`${t.readAt} IS NULL`),
    // A piece's notifications: its delete's cascade, and an account deletion finding "X commented" by its moment.
    index("notifications_submission_idx").on(t.submissionId, t.createdAt),
    // One unread likes batch per writer and piece.
    uniqueIndex("notifications_unread_likes_key").on(t.userId, t.submissionId).where(sql`${t.kind} = 'likes' AND ${t.readAt} IS NULL`),
    // One unread "new pieces" batch per writer and circle; a circle's notifications go with it.
    uniqueIndex("notifications_unread_circle_pieces_key").on(t.userId, t.circleId).where(sql`${t.kind} = 'circle_pieces' AND ${t.readAt} IS NULL`),
    index("notifications_circle_idx").on(t.circleId).where(sql`${t.circleId} IS NOT NULL`),
    check("notifications_count_positive", sql`${t.count} >= 1`),
  ],
);
