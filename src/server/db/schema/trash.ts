import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ownedBy } from "./columns.ts";
import { users } from "./auth.ts";
import { prompts, submissions } from "./content.ts";

/** A row as JSON keeps it: every timestamp an ISO string (the type then makes a restore turn each back into a Date). */
type AsJson<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/** A submission row as the trash keeps it: every column but the generated `search` and `hidden_by` (a real column below). */
export type TrashedPieceSnapshot = AsJson<Omit<typeof submissions.$inferSelect, "search" | "hiddenBy">>;

/** Bumped when the snapshot's shape changes, so a restore can read older trash. */
export const TRASH_SNAPSHOT_VERSION = 1;

/**
 * A deleted piece, kept 30 days so its writer can restore it (issue 15 item 3). Moving the row
 * out of `submissions` keeps every public query right without a filter. The piece's writer and any
 * admin who removed it are real foreign keys, so a deleted account leaves nothing behind: the
 * piece goes with its writer; `trashed_by` and `hidden_by` fall to null.
 */
export const trashedPieces = pgTable(
  "trashed_pieces",
  {
    /** The piece's own id: it comes back under the same address. */
    id: uuid("id").primaryKey(),
    userId: ownedBy("user_id", () => users.id),
    /** Prompts with pieces cannot be deleted, trashed ones included: a restore always finds its prompt. */
    promptId: uuid("prompt_id")
      .notNull()
      .references(() => prompts.id, { onDelete: "restrict" }),
    trashedAt: timestamp("trashed_at", { withTimezone: true }).notNull(),
    /** The admin who deleted someone else's piece (null when the writer did). */
    trashedBy: uuid("trashed_by").references(() => users.id, { onDelete: "set null" }),
    /** An admin deleted it (kept when that admin's account goes): the writer's restore brings it back private. */
    byAdmin: boolean("by_admin").notNull().default(false),
    note: text("note"),
    /** What the writer's portfolio showed (the private version when there is one), for the listing. */
    title: text("title"),
    excerpt: text("excerpt").notNull(),
    wordCount: integer("word_count").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    localDate: date("local_date", { mode: "string" }).notNull(),
    hiddenBy: uuid("hidden_by").references(() => users.id, { onDelete: "set null" }),
    snapshotVersion: integer("snapshot_version").notNull(),
    /** The circles the piece was shared with (issue 29): a restore shares it again with those the writer is still in. */
    circleIds: uuid("circle_ids").array().notNull().default(sql`'{}'::uuid[]`),
    piece: jsonb("piece").$type<TrashedPieceSnapshot>().notNull(),
  },
  (t) => [
    index("trashed_pieces_user_idx").on(t.userId, t.trashedAt.desc(), t.id.desc()),
    index("trashed_pieces_trashed_at_idx").on(t.trashedAt),
  ],
);

/** The likes a trashed piece had; a liker's account deletion takes theirs away. */
export const trashedLikes = pgTable(
  "trashed_likes",
  {
    pieceId: ownedBy("piece_id", () => trashedPieces.id),
    userId: ownedBy("user_id", () => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: "trashed_likes_pkey", columns: [t.pieceId, t.userId] }), index("trashed_likes_user_idx").on(t.userId)],
);

/** The comments a trashed piece had, column for column; a commenter's account deletion takes theirs away. */
export const trashedComments = pgTable(
  "trashed_comments",
  {
    id: uuid("id").primaryKey(),
    pieceId: ownedBy("piece_id", () => trashedPieces.id),
    userId: ownedBy("user_id", () => users.id),
    content: text("content").notNull(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    hiddenBy: uuid("hidden_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("trashed_comments_piece_idx").on(t.pieceId), index("trashed_comments_user_idx").on(t.userId)],
);

