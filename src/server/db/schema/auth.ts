import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid, date } from "drizzle-orm/pg-core";
import { idColumn, ownedBy, stampColumn, stamps } from "./columns.ts";

/**
 * Writers. better-auth's user model lives here (modelName "users"); the property names are
 * better-auth's field names, the columns are snake_case.
 */
export const users = pgTable(
  "users",
  {
    id: idColumn(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    name: text("name").notNull(),
    image: text("image"),
    alias: text("alias"),
    age: smallint("age"),
    location: text("location"),
    timeZone: text("time_zone").notNull().default("UTC"),
    /** When the stored zone last changed (null: since the account was made). It moves at most once a day. */
    timeZoneChangedAt: timestamp("time_zone_changed_at", { withTimezone: true }),
    currentStreak: integer("current_streak").notNull().default(0),
    longestStreak: integer("longest_streak").notNull().default(0),
    /** The writer's local calendar date of their latest piece (YYYY-MM-DD). */
    lastWriteDate: date("last_write_date", { mode: "string" }),
    /** The latest grace day used (issue 16): a missed local date; one per calendar month keeps a streak. */
    graceDayUsed: date("grace_day_used", { mode: "string" }),
    /** The first local date of the current streak (says whether the grace day saved the streak shown). */
    streakStartDate: date("streak_start_date", { mode: "string" }),
    /**
     * Suspended by an admin (issue 13): no publishing, commenting, liking or reporting while
     * `suspended_at` is set and `suspended_until` (null: indefinitely) has not passed.
     */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    suspendedUntil: timestamp("suspended_until", { withTimezone: true }),
    suspensionReason: text("suspension_reason"),
    ...stamps(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    index("users_created_at_idx").on(t.createdAt.desc(), t.id),
    // The scheduled emails walk the writers of one time zone (issue 14).
    index("users_time_zone_idx").on(t.timeZone, t.id),
    // Admin user search (name, alias or email containing the term) stays fast at 100,000 users.
    index("users_search_trgm_idx").using("gin", sql`lower(${t.name} || ' ' || coalesce(${t.alias}, '') || ' ' || ${t.email}) gin_trgm_ops`),
    check("users_age_range", sql`${t.age} IS NULL OR (${t.age} BETWEEN 1 AND 130)`),
    check("users_suspension_whole", sql`(${t.suspendedAt} IS NULL) = (${t.suspensionReason} IS NULL) AND (${t.suspendedUntil} IS NULL OR ${t.suspendedAt} IS NOT NULL)`),
    check("users_streaks_nonnegative", sql`${t.currentStreak} >= 0 AND ${t.longestStreak} >= ${t.currentStreak}`),
  ],
);

export const sessions = pgTable(
  "session",
  {
    id: idColumn(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ...stamps(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: ownedBy("user_id", () => users.id),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "account",
  {
    id: idColumn(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: ownedBy("user_id", () => users.id),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...stamps(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verification",
  {
    id: idColumn(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...stamps(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** better-auth's rate-limit counters, kept in the database so they hold across app instances. */
export const rateLimits = pgTable("rate_limit", {
  id: idColumn(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

export const admins = pgTable("admins", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: stampColumn("created_at"),
});
