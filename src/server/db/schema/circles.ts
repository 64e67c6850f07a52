import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CIRCLE_ACCENTS, CIRCLE_ROLES } from "#shared/domain/circles.ts";
import { idColumn, ownedBy, stampColumn } from "./columns.ts";
import { users } from "./auth.ts";
import { prompts, submissions } from "./content.ts";

/*
 * Circles (issue 29, docs/decisions/016-circles.md): private groups, their members, their invite
 * links, and which circles may read a piece. A piece's `is_private` keeps meaning "not in the
 * community"; `piece_circles` says which circles read it besides.
 */

export const circles = pgTable(
  "circles",
  {
    id: idColumn(),
    /** The circle's address (/circles/{slug}): its name made readable, plus a random tail. */
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    accent: text("accent", { enum: CIRCLE_ACCENTS }).notNull().default("ink"),
    /** Kept in step with circle_members (always one owner row there too); the lock target for limits. */
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    memberCount: integer("member_count").notNull().default(0),
    /** "Ask to join" (issue 29 item 2): an invite makes a request, which a moderator accepts or declines. */
    requiresApproval: boolean("requires_approval").notNull().default(false),
    createdAt: stampColumn("created_at"),
  },
  (t) => [
    uniqueIndex("circles_slug_key").on(t.slug),
    // Foreign keys a deleted account follows (ON DELETE SET NULL / CASCADE) read these, not the table.
    index("circles_owner_idx").on(t.ownerId),
    check("circles_name_length", sql`length(btrim(${t.name})) BETWEEN 1 AND 60`),
    check("circles_description_length", sql`${t.description} IS NULL OR length(${t.description}) <= 280`),
    check("circles_member_count_nonnegative", sql`${t.memberCount} >= 0`),
  ],
);

export const circleMembers = pgTable(
  "circle_members",
  {
    circleId: ownedBy("circle_id", () => circles.id),
    userId: ownedBy("user_id", () => users.id),
    role: text("role", { enum: CIRCLE_ROLES }).notNull().default("member"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the member last opened the circle: "my circles" counts what was shared since. */
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
    muted: boolean("muted").notNull().default(false),
  },
  (t) => [
    primaryKey({ name: "circle_members_pkey", columns: [t.circleId, t.userId] }),
    // "My circles", and "is this writer in any circle of this piece".
    index("circle_members_user_idx").on(t.userId, t.circleId),
    // A circle's members, oldest first (the members list is keyset-paged on joined_at, user_id).
    index("circle_members_circle_joined_idx").on(t.circleId, t.joinedAt, t.userId),
    uniqueIndex("circle_members_one_owner").on(t.circleId).where(sql`${t.role} = 'owner'`),
  ],
);

/** Writers a circle's moderators removed for good: an invite no longer lets them in. */
export const circleBans = pgTable(
  "circle_bans",
  {
    circleId: ownedBy("circle_id", () => circles.id),
    userId: ownedBy("user_id", () => users.id),
    bannedBy: uuid("banned_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: stampColumn("created_at"),
  },
  (t) => [
    primaryKey({ name: "circle_bans_pkey", columns: [t.circleId, t.userId] }),
    index("circle_bans_user_idx").on(t.userId),
    index("circle_bans_banned_by_idx").on(t.bannedBy).where(sql`${t.bannedBy} IS NOT NULL`),
  ],
);

export const circleInvites = pgTable(
  "circle_invites",
  {
    id: idColumn(),
    circleId: ownedBy("circle_id", () => circles.id),
    /** SHA-256 of the code, hex: the code itself is shown once to its maker and never stored. */
    codeHash: text("code_hash").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: stampColumn("created_at"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("circle_invites_code_key").on(t.codeHash),
    index("circle_invites_circle_idx").on(t.circleId, t.createdAt.desc(), t.id.desc()),
    index("circle_invites_created_by_idx").on(t.createdBy).where(sql`${t.createdBy} IS NOT NULL`),
    check("circle_invites_uses", sql`${t.uses} >= 0 AND (${t.maxUses} IS NULL OR ${t.maxUses} >= 1)`),
  ],
);

/** Every use of an invite: who joined through it, and when. */
export const circleInviteUses = pgTable(
  "circle_invite_uses",
  {
    inviteId: ownedBy("invite_id", () => circleInvites.id),
    userId: ownedBy("user_id", () => users.id),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "circle_invite_uses_pkey", columns: [t.inviteId, t.userId] }), index("circle_invite_uses_user_idx").on(t.userId)],
);

/** Which circles may read a piece (besides the community when it is public). */
export const pieceCircles = pgTable(
  "piece_circles",
  {
    submissionId: ownedBy("submission_id", () => submissions.id),
    circleId: ownedBy("circle_id", () => circles.id),
    /** The piece's created_at, copied: the circle's feed is read newest first from this table's index alone. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** Hidden from this circle by its moderators (issue 29 item 7): its members no longer read it there; its writer does. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: uuid("hidden_by").references(() => users.id, { onDelete: "set null" }),
    hiddenReason: text("hidden_reason"),
  },
  (t) => [
    primaryKey({ name: "piece_circles_pkey", columns: [t.submissionId, t.circleId] }),
    index("piece_circles_feed_idx").on(t.circleId, t.createdAt.desc(), t.submissionId.desc()),
    index("piece_circles_hidden_by_idx").on(t.hiddenBy).where(sql`${t.hiddenBy} IS NOT NULL`),
  ],
);

/**
 * A circle's own prompt of a date (issue 29 item 5): the prompt itself is a `prompts` row of kind
 * "circle" (pieces answer it as any prompt), dated here so no site read of dated prompts sees it.
 * A date without a row here leaves the circle on the site's prompt.
 */
export const circlePrompts = pgTable(
  "circle_prompts",
  {
    promptId: uuid("prompt_id")
      .primaryKey()
      .references(() => prompts.id, { onDelete: "cascade" }),
    circleId: ownedBy("circle_id", () => circles.id),
    date: date("date", { mode: "string" }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: stampColumn("created_at"),
  },
  (t) => [uniqueIndex("circle_prompts_circle_date_key").on(t.circleId, t.date), index("circle_prompts_created_by_idx").on(t.createdBy).where(sql`${t.createdBy} IS NOT NULL`)],
);

/** A writer who opened an invite of a circle that asks to approve joins, waiting for its moderators. */
export const circleRequests = pgTable(
  "circle_requests",
  {
    circleId: ownedBy("circle_id", () => circles.id),
    userId: ownedBy("user_id", () => users.id),
    /** The link they came by: its use is counted when they are let in. */
    inviteId: uuid("invite_id").references(() => circleInvites.id, { onDelete: "set null" }),
    createdAt: stampColumn("created_at"),
  },
  (t) => [
    primaryKey({ name: "circle_requests_pkey", columns: [t.circleId, t.userId] }),
    index("circle_requests_circle_idx").on(t.circleId, t.createdAt),
    index("circle_requests_user_idx").on(t.userId),
    index("circle_requests_invite_idx").on(t.inviteId).where(sql`${t.inviteId} IS NOT NULL`),
  ],
);
