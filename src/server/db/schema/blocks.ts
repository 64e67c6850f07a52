import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { idColumn, ownedBy, stampColumn } from "./columns.ts";
import { users } from "./auth.ts";

/**
 * A writer's blocks (issue 13 item 5). Recorded against the blocked writer's id, which only the
 * server knows: the blocker named a piece or a comment (`source_id`), never a person. `label` is
 * what the blocker saw on it ("Anonymous", the alias or the name as signed), the only thing the
 * settings list shows.
 *
 * A block covers one signature of the writer only (`scope`: the way the blocker saw them sign,
 * "name", "alias" with the alias as signed in `alias`, or "anonymous"): hiding all of a writer's
 * pieces after blocking one anonymous piece would tell the blocker which named pieces vanished
 * with it, that is, who wrote it.
 *
 * One row per piece or comment blocked, not per pair: were a second block of the same writer
 * merged into the first, the answer (or a list one entry short) would tell the blocker that
 * "Anonymous" and "Jane" are one person. A writer stays blocked while any row names them.
 */
export const blocks = pgTable(
  "blocks",
  {
    id: idColumn(),
    blockerId: ownedBy("blocker_id", () => users.id),
    blockedId: ownedBy("blocked_id", () => users.id),
    /** The piece or comment the block was made from (not a reference: the block outlives it). */
    sourceId: uuid("source_id").notNull(),
    label: text("label").notNull(),
    /** The signature the blocker saw: "name", "alias" or "anonymous"; only content signed so is hidden. */
    scope: text("scope", { enum: ["name", "alias", "anonymous"] }).notNull().default("name"),
    /** For an alias block, the alias as signed (trimmed); null otherwise. */
    alias: text("alias"),
    createdAt: stampColumn("created_at"),
  },
  (t) => [
    // Blocking the same piece or comment twice is one block.
    uniqueIndex("blocks_source_key").on(t.blockerId, t.sourceId),
    // "Does this viewer block the writer of this row": feed, search, podium, comments, likes.
    index("blocks_pair_idx").on(t.blockerId, t.blockedId),
    // "Who blocks this writer" (a piece's writer refusing a comment or a like reads the pair index).
    index("blocks_blocked_idx").on(t.blockedId),
    // The settings list, newest first.
    index("blocks_blocker_created_idx").on(t.blockerId, t.createdAt.desc(), t.id.desc()),
    check("blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
    check("blocks_scope_known", sql`${t.scope} in ('name', 'alias', 'anonymous') and (${t.scope} = 'alias') = (${t.alias} is not null)`),
  ],
);
