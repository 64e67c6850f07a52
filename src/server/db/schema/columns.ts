import { sql } from "drizzle-orm";
import { text, timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";

/* Columns every table spells the same way, written once. */

/** A UUID primary key drawn by PostgreSQL. */
export const idColumn = () => uuid("id").primaryKey().default(sql`gen_random_uuid()`);

/** An instant with its time zone, stamped when the row is written. */
export const stampColumn = (name: "created_at" | "updated_at") => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/** A required reference that goes with the row it points at (likes, comments, sessions of a writer). */
export const ownedBy = (name: string, target: () => AnyPgColumn) => uuid(name).notNull().references(target, { onDelete: "cascade" });

/** When a row was created and last changed. */
export const stamps = () => ({ createdAt: stampColumn("created_at"), updatedAt: stampColumn("updated_at") });

/**
 * Hidden by moderators (issue 13): gone from every public listing and read for everyone but the
 * writer and admins while `hidden_at` is set. `hidden_by` is a plain id (the audit log says who).
 */
export const hiddenColumns = () => ({
  hiddenAt: timestamp("hidden_at", { withTimezone: true }),
  hiddenReason: text("hidden_reason"),
  hiddenBy: uuid("hidden_by"),
});
