import { sql } from "drizzle-orm";
import {
  customType,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { hiddenColumns, idColumn, ownedBy, stampColumn, stamps } from "./columns.ts";
import { users } from "./auth.ts";
import { PROMPT_KINDS } from "#shared/domain/prompt-choice.ts";
import { ACHIEVEMENT_TYPES } from "#shared/domain/achievements.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * One prompt per calendar date (kind "daily"), plus the single "Freewrite Session" row
 * (kind "freewrite", no date) that freewrites answer.
 */
export const prompts = pgTable(
  "prompts",
  {
    id: idColumn(),
    text: text("text").notNull(),
    date: date("date", { mode: "string" }),
    kind: text("kind", { enum: PROMPT_KINDS }).notNull().default("daily"),
    author: text("author"),
    createdAt: stampColumn("created_at"),
  },
  (t) => [
    uniqueIndex("prompts_date_key").on(t.date),
    uniqueIndex("prompts_single_freewrite_key").on(t.kind).where(sql`${t.kind} = 'freewrite'`),
    // A circle's prompt (issue 29 item 5) has its date in circle_prompts, none here.
    check("prompts_kind_date", sql`(${t.kind} = 'daily' AND ${t.date} IS NOT NULL) OR (${t.kind} IN ('freewrite', 'circle', 'write_in') AND ${t.date} IS NULL)`),
    check("prompts_text_not_blank", sql`length(btrim(${t.text})) > 0`),
  ],
);

export const submissions = pgTable(
  "submissions",
  {
    id: idColumn(),
    userId: ownedBy("user_id", () => users.id),
    /** A prompt with pieces cannot be deleted: the pieces are the writers', not the prompt's. */
    promptId: uuid("prompt_id")
      .notNull()
      .references(() => prompts.id, { onDelete: "restrict" }),
    content: text("content").notNull(),
    title: text("title"),
    wordCount: integer("word_count").notNull(),
    pagesWritten: numeric("pages_written", { precision: 10, scale: 2, mode: "number" }).notNull(),
    /** name | alias | anonymous: how a public piece is signed (private saves use "name"). */
    submissionType: text("submission_type", { enum: ["name", "alias", "anonymous"] }).notNull(),
    isFeatured: boolean("is_featured").notNull().default(false),
    featuredAt: timestamp("featured_at", { withTimezone: true }),
    isPrivate: boolean("is_private").notNull(),
    privateTitle: text("private_title"),
    privateContent: text("private_content"),
    privateWordCount: integer("private_word_count"),
    privatePagesWritten: numeric("private_pages_written", { precision: 10, scale: 2, mode: "number" }),
    /** The writer's own calendar date when the piece was written (drives streaks). */
    localDate: date("local_date", { mode: "string" }).notNull(),
    likeCount: integer("like_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    /**
     * The writer's streak right after this piece, kept only for published name-signed pieces
     * (null otherwise): cards show this snapshot, never the live streak, so publishing an
     * anonymous or alias piece later cannot move the number on the writer's named cards.
     */
    authorStreak: integer("author_streak"),
    /**
     * The alias an alias-signed piece was published with (null for every other signature): the
     * piece keeps this signature when the writer later changes or removes their alias. A check
     * keeps it off name-signed and anonymous pieces, so it can never unmask one.
     */
    authorAlias: text("author_alias"),
    /** The writer turned comments off (issue 13 item 6): existing comments hidden, new ones refused. */
    commentsOff: boolean("comments_off").notNull().default(false),
    /** A content warning (≤ 80 characters) shown before the text, and alone in previews (issue 13 item 6). */
    contentWarning: text("content_warning"),
    /**
     * The words of the title and text, kept by PostgreSQL itself: searches read this instead of
     * parsing every candidate's text again.
     */
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', coalesce(title, '') || ' ' || content)`),
    /**
     * Set when the piece came in through an import (issue 15 item 2): it keeps its own dates but was
     * not written here, so no streak, page, achievement, tier, collection or community count includes it.
     */
    importedAt: timestamp("imported_at", { withTimezone: true }),
    /** The prompt text the imported file named, when no stored prompt of that date has that text (shown on the piece). */
    importedPrompt: text("imported_prompt"),
    /** Client-generated key: a retried or doubled request creates one piece, never two. */
    idempotencyKey: text("idempotency_key"),
    ...hiddenColumns(),
    ...stamps(),
  },
  (t) => [
    // A writer's pieces, newest first (portfolio, streak reads).
    index("submissions_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("submissions_user_local_date_idx").on(t.userId, t.localDate),
    // The writing calendar (issue 16): a writer's year of pieces written here, read from the index alone.
    // (drizzle has no INCLUDE: the read columns are trailing keys)
    index("submissions_user_calendar_idx")
      .on(t.userId, t.localDate, t.wordCount, t.pagesWritten, t.createdAt)
      .where(sql`${t.importedAt} IS NULL`),
    // The public feed, newest first.
    index("submissions_public_created_idx").on(t.createdAt.desc(), t.id.desc()).where(sql`${t.isPrivate} = false`),
    // The public feed by likes and by length.
    index("submissions_public_likes_idx").on(t.likeCount.desc(), t.createdAt.desc(), t.id.desc()).where(sql`${t.isPrivate} = false`),
    index("submissions_public_words_idx").on(t.wordCount.desc(), t.createdAt.desc(), t.id.desc()).where(sql`${t.isPrivate} = false`),
    // Pieces of one prompt.
    index("submissions_prompt_created_idx").on(t.promptId, t.createdAt.desc(), t.id.desc()),
    // Editors' Picks.
    index("submissions_featured_idx").on(t.featuredAt.desc(), t.id.desc()).where(sql`${t.isFeatured} = true`),
    // Full-text search over title and content.
    index("submissions_search_vector_idx").using("gin", t.search),
    // Hidden by moderators, most recently hidden first (the queue's "Hidden" view).
    index("submissions_hidden_idx").on(t.hiddenAt.desc(), t.id.desc()).where(sql`${t.hiddenAt} IS NOT NULL`),
    uniqueIndex("submissions_idempotency_key").on(t.userId, t.idempotencyKey),
    check("submissions_featured_public", sql`NOT (${t.isFeatured} AND ${t.isPrivate})`),
    check("submissions_author_alias_only_alias_signed", sql`${t.authorAlias} IS NULL OR ${t.submissionType} = 'alias'`),
    check("submissions_content_warning_length", sql`${t.contentWarning} IS NULL OR length(${t.contentWarning}) BETWEEN 1 AND 80`),
    check("submissions_counts_nonnegative", sql`${t.wordCount} >= 0 AND ${t.likeCount} >= 0 AND ${t.commentCount} >= 0`),
  ],
);

export const submissionLikes = pgTable(
  "submission_likes",
  {
    submissionId: ownedBy("submission_id", () => submissions.id),
    userId: ownedBy("user_id", () => users.id),
    createdAt: stampColumn("created_at"),
  },
  (t) => [
    primaryKey({ name: "submission_likes_pkey", columns: [t.submissionId, t.userId] }),
    index("submission_likes_user_idx").on(t.userId),
  ],
);

export const submissionComments = pgTable(
  "submission_comments",
  {
    id: idColumn(),
    submissionId: ownedBy("submission_id", () => submissions.id),
    userId: ownedBy("user_id", () => users.id),
    content: text("content").notNull(),
    ...hiddenColumns(),
    createdAt: stampColumn("created_at"),
  },
  (t) => [
    index("submission_comments_submission_idx").on(t.submissionId, t.createdAt, t.id),
    index("submission_comments_user_idx").on(t.userId),
    index("submission_comments_hidden_idx").on(t.hiddenAt.desc(), t.id.desc()).where(sql`${t.hiddenAt} IS NOT NULL`),
    check("submission_comments_length", sql`length(btrim(${t.content})) BETWEEN 1 AND 2000`),
  ],
);

export const shareLinks = pgTable(
  "share_links",
  {
    id: idColumn(),
    submissionId: ownedBy("submission_id", () => submissions.id),
    token: text("token").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: stampColumn("created_at"),
  },
  (t) => [
    uniqueIndex("share_links_token_key").on(t.token),
    index("share_links_submission_idx").on(t.submissionId, t.expiresAt.desc()),
  ],
);

export const userAchievements = pgTable(
  "user_achievements",
  {
    id: idColumn(),
    userId: ownedBy("user_id", () => users.id),
    achievementType: text("achievement_type", {
      enum: ACHIEVEMENT_TYPES,
    }).notNull(),
    year: smallint("year").notNull(),
    achievedAt: timestamp("achieved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_achievements_user_type_key").on(t.userId, t.achievementType),
    index("user_achievements_user_idx").on(t.userId, t.achievedAt.desc()),
  ],
);

/**
 * Writing sessions whose token has been spent by the save or publish it allowed.
 * A replayed token finds its nonce here and creates nothing. Never deleted with the piece.
 */
export const spentWritingSessions = pgTable(
  "spent_writing_sessions",
  {
    nonce: text("nonce").primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Falls to null when the piece leaves `submissions` (trash); the row itself stays, spent for good. */
    submissionId: uuid("submission_id").references(() => submissions.id, { onDelete: "set null" }),
    /** The piece's created_at (written in the same statement): a trashed or purged piece still used its window. */
    spentAt: timestamp("spent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The writer's spent sessions by time: "used up by your last piece" counts pieces since deleted (issue 24 item 1).
  (t) => [index("spent_writing_sessions_user_spent_idx").on(t.userId, t.spentAt)],
);

/**
 * Public events for the live feed. The id is the SSE event id, so a client that reconnects
 * with Last-Event-ID gets what it missed. Rows older than a day are pruned.
 */
export const events = pgTable(
  "events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: stampColumn("created_at"),
  },
  (t) => [index("events_created_at_idx").on(t.createdAt)],
);

