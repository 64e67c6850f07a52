import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { SIGNATURES } from "#shared/domain/author.ts";
import { WRITE_IN_PROMPT_MODES, WRITE_IN_REPEATS } from "#shared/domain/write-ins.ts";
import { idColumn, ownedBy, stampColumn } from "./columns.ts";
import { users } from "./auth.ts";
import { circles } from "./circles.ts";
import { prompts } from "./content.ts";

/*
 * Write-ins (issue 30, docs/decisions/017-write-ins.md): scheduled live writing sessions of a
 * circle (circle_id) or of the whole community (null). A weekly write-in is its weeks' rows,
 * scheduled together and sharing a series_id. Who said they are coming, and who joined with which
 * signature and their last word count (a number: no text is ever sent or stored here).
 */

export const writeIns = pgTable(
  "write_ins",
  {
    id: idColumn(),
    /** The weeks of a weekly write-in share it; a single one has its own id. */
    seriesId: uuid("series_id").notNull(),
    circleId: uuid("circle_id").references(() => circles.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    repeat: text("repeat", { enum: WRITE_IN_REPEATS }).notNull().default("none"),
    promptMode: text("prompt_mode", { enum: WRITE_IN_PROMPT_MODES }).notNull().default("site"),
    /** The write-in's own prompt (prompt_mode "own"): a `prompts` row of kind "write_in", shared by a series' weeks. */
    promptId: uuid("prompt_id").references(() => prompts.id, { onDelete: "restrict" }),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    /** When those coming were told it starts in 10 minutes (the minute tick tells each write-in once). */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    /** When the minute tick settled the ended write-in (its participants' write-in achievements awarded). */
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: stampColumn("created_at"),
  },
  (t) => [
    // A circle's write-ins by start (upcoming ascending, past descending), and the community's.
    // Not partial: deleting a circle follows its foreign key through it, canceled write-ins too.
    index("write_ins_circle_start_idx").on(t.circleId, t.startsAt, t.id),
    index("write_ins_community_start_idx").on(t.startsAt, t.id).where(sql`${t.circleId} IS NULL AND ${t.canceledAt} IS NULL`),
    index("write_ins_series_idx").on(t.seriesId, t.startsAt),
    // The write-ins still to be reminded of, by start: the minute tick reads the few due now.
    index("write_ins_remind_idx").on(t.startsAt).where(sql`${t.remindedAt} IS NULL AND ${t.canceledAt} IS NULL`),
    index("write_ins_created_by_idx").on(t.createdBy),
    // The ended write-ins still to be settled, by end: the minute tick reads the few due.
    index("write_ins_settle_idx").on(t.endsAt).where(sql`${t.settledAt} IS NULL AND ${t.canceledAt} IS NULL`),
    index("write_ins_prompt_idx").on(t.promptId).where(sql`${t.promptId} IS NOT NULL`),
    check("write_ins_title_length", sql`length(btrim(${t.title})) BETWEEN 1 AND 80`),
    check("write_ins_length", sql`${t.endsAt} - ${t.startsAt} BETWEEN interval '10 minutes' AND interval '60 minutes'`),
    check("write_ins_circle_prompt", sql`${t.promptMode} <> 'circle' OR ${t.circleId} IS NOT NULL`),
    check("write_ins_own_prompt", sql`(${t.promptMode} = 'own') = (${t.promptId} IS NOT NULL)`),
  ],
);

export const writeInRsvps = pgTable(
  "write_in_rsvps",
  {
    writeInId: ownedBy("write_in_id", () => writeIns.id),
    userId: ownedBy("user_id", () => users.id),
    createdAt: stampColumn("created_at"),
  },
  (t) => [primaryKey({ name: "write_in_rsvps_pkey", columns: [t.writeInId, t.userId] }), index("write_in_rsvps_user_idx").on(t.userId, t.writeInId)],
);

export const writeInParticipants = pgTable(
  "write_in_participants",
  {
    writeInId: ownedBy("write_in_id", () => writeIns.id),
    userId: ownedBy("user_id", () => users.id),
    /** The participant as others' panels know them: a number within this write-in, never a user id. */
    seat: integer("seat").notNull(),
    signature: text("signature", { enum: SIGNATURES }).notNull().default("name"),
    /** The alias as it was when they joined (a later rename does not rewrite a write-in). */
    alias: text("alias"),
    words: integer("words").notNull().default(0),
    wordsAt: timestamp("words_at", { withTimezone: true }),
    /** When the ten-minute rule's session started for them: the write-in's start, or a late join. */
    sessionStart: timestamp("session_start", { withTimezone: true }).notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
    leftAt: timestamp("left_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: "write_in_participants_pkey", columns: [t.writeInId, t.userId] }),
    uniqueIndex("write_in_participants_seat_key").on(t.writeInId, t.seat),
    index("write_in_participants_user_idx").on(t.userId, t.joinedAt),
    check("write_in_participants_words", sql`${t.words} BETWEEN 0 AND 15000`),
  ],
);
