import { sql, type SQL } from "drizzle-orm";

/*
 * Blocks (issue 13 item 5) as SQL conditions, for every query that shows writers' pieces or
 * comments to a viewer. Each reads blocks_pair_idx (blocker_id, blocked_id) by its whole key.
 */

/** The row written by `writer` is not by someone the viewer blocks (always true for a visitor). */
export function notBlockedByViewer(viewerId: string | null, writer: SQL): SQL {
  if (!viewerId) return sql`true`;
  return sql`not exists (select 1 from blocks b where b.blocker_id = ${viewerId}::uuid and b.blocked_id = ${writer})`;
}

/** `blocker` blocks `blocked`. */
export function blocks(blocker: SQL, blocked: SQL): SQL {
  return sql`exists (select 1 from blocks b where b.blocker_id = ${blocker} and b.blocked_id = ${blocked})`;
}
