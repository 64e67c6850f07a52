import { ne, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/*
 * The one shared "deleted writer" account (issue 15 item 5, migration 0013). When a writer deletes
 * their account and keeps their public pieces in the community, those pieces (signed Anonymous)
 * and their comments move to this account, so no kept row holds the deleted writer's id or address.
 *
 * It can never sign in (no account row, so no password), never gets mail (never verified, an
 * address under the reserved .invalid TLD), and it is nobody: admin user lists and searches leave
 * it out, and it cannot be looked up, suspended or have "all its pieces" hidden.
 */
export const DELETED_WRITER_ID = "de1e7ed0-0000-4000-8000-000000000000";
export const DELETED_WRITER_EMAIL = "deleted-writer@inkwell.invalid";

/** `column <> the deleted writer`, for queries that must leave it out. */
export const notDeletedWriter = (column: AnyPgColumn): SQL => ne(column, DELETED_WRITER_ID);
