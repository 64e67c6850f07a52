import { integer, pgTable, primaryKey, smallint, uuid } from "drizzle-orm/pg-core";
import { prompts } from "./content.ts";

/**
 * Pieces per prompt, kept by PostgreSQL itself (issue 28 item 5): triggers on `submissions`
 * (migration 0019) add and subtract in the same transaction as every insert, delete and change of
 * audience (publish, unpublish, trash, restore, purge, moderation, account deletion, import), so
 * the prompt filter's and the admin's counts read a few rows instead of counting every piece.
 *
 * A prompt's counts are the sum of its rows: each database connection writes its own shard
 * (`pg_backend_pid() % PROMPT_COUNT_SHARDS`), so pieces published at once to today's prompt do not
 * wait on one another's row lock until they commit. A shard's figures may be negative (a piece
 * counted in one shard, deleted through another connection); their sums never are.
 */
export const promptPieceCounts = pgTable(
  "prompt_piece_counts",
  {
    promptId: uuid("prompt_id")
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    shard: smallint("shard").notNull(),
    /** Every piece, private ones too (the scheduler's counts). */
    pieces: integer("pieces").notNull().default(0),
    /** Public pieces, hidden or not (the admin's prompts database). */
    publicPieces: integer("public_pieces").notNull().default(0),
    /** Public pieces not hidden by moderators (the prompt filter's counts). */
    shownPieces: integer("shown_pieces").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.promptId, t.shard] })],
);
