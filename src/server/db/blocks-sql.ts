import { sql, type SQL } from "drizzle-orm";

/*
 * Blocks (issue 13 item 5) as SQL conditions, for every query that shows writers' pieces or
 * comments to a viewer. Each reads blocks_pair_idx (blocker_id, blocked_id) by its whole key.
 *
 * A block covers only what its writer signed the way the blocker saw them sign (its `scope`, and
 * for an alias the alias itself): the same writer's content under another signature stays in
 * view, so a block never tells the blocker that two signatures are one person (review finding 1).
 */

/** How a piece or comment is signed, as readers see it: "name", "alias" (with `alias`) or "anonymous". */
export interface Signature {
  scope: SQL;
  /** The alias as shown (trimmed) for an alias signature, else null. */
  alias: SQL;
}

/** A piece's signature (authorLabel()): an alias signature with a blank alias reads "Anonymous". */
export function pieceSignature(type: SQL, pieceAlias: SQL): Signature {
  const alias = sql`nullif(btrim(${pieceAlias}), '')`;
  return {
    scope: sql`(case when ${type} = 'name' then 'name' when ${type} = 'alias' and ${alias} is not null then 'alias' else 'anonymous' end)`,
    alias: sql`(case when ${type} = 'alias' then ${alias} end)`,
  };
}

/**
 * A comment's signature (commenterLabel()): the piece's own writer signs as the piece is signed;
 * anyone else by their alias if they have one, else by name.
 */
export function commentSignature(isWriter: SQL, pieceType: SQL, pieceAlias: SQL, userAlias: SQL): Signature {
  const piece = pieceSignature(pieceType, pieceAlias);
  const alias = sql`nullif(btrim(${userAlias}), '')`;
  return {
    scope: sql`(case when ${isWriter} then ${piece.scope} when ${alias} is not null then 'alias' else 'name' end)`,
    alias: sql`(case when ${isWriter} then ${piece.alias} else ${alias} end)`,
  };
}

/** Block `b` covers content signed `sig` (its writer already matched). */
function covers(sig: Signature): SQL {
  return sql`b.scope = ${sig.scope} and b.alias is not distinct from ${sig.alias}`;
}

/** The row written by `writer`, signed `sig`, is not covered by a block of the viewer (always true for a visitor). */
export function notBlockedByViewer(viewerId: string | null, writer: SQL, sig: Signature): SQL {
  if (!viewerId) return sql`true`;
  return sql`not exists (select 1 from blocks b where b.blocker_id = ${viewerId}::uuid and b.blocked_id = ${writer} and ${covers(sig)})`;
}

/** The piece `s` (a `submissions` row in scope) is not covered by a block of the viewer. */
export function pieceNotBlockedByViewer(viewerId: string | null, s: SQL): SQL {
  return notBlockedByViewer(viewerId, sql`${s}.user_id`, pieceSignature(sql`${s}.submission_type`, sql`${s}.author_alias`));
}

/** The comment `c` (a `submission_comments` row in scope) is not covered by a block of the viewer. */
export function commentNotBlockedByViewer(viewerId: string | null, c: SQL): SQL {
  return viewerId ? commentNotBlockedBy(sql`${viewerId}::uuid`, c) : sql`true`;
}

/** The comment `c` is not covered by a block of the writer `blocker` (an id in SQL). */
export function commentNotBlockedBy(blocker: SQL, c: SQL): SQL {
  const sig = commentSignature(sql`bs.user_id = b.blocked_id`, sql`bs.submission_type`, sql`bs.author_alias`, sql`bu.alias`);
  return sql`not exists (select 1 from blocks b
    join users bu on bu.id = b.blocked_id
    join submissions bs on bs.id = ${c}.submission_id
    where b.blocker_id = ${blocker} and b.blocked_id = ${c}.user_id and ${covers(sig)})`;
}

/** `blocker` blocks `blocked` (under any signature). */
export function blocks(blocker: SQL, blocked: SQL): SQL {
  return sql`exists (select 1 from blocks b where b.blocker_id = ${blocker} and b.blocked_id = ${blocked})`;
}

/**
 * The writer of piece `s` (a `submissions` row in scope) turns `userId` away (no comment, no like)
 * because they block them: only on a piece signed with the writer's name (review finding 2). On
 * an anonymous or alias piece the blocked writer is answered as anyone else would be, or a refusal
 * there would tell them who wrote it. The block itself may have been made under any signature: a
 * named writer who refuses them names no one the blocked writer cannot already see.
 */
export function refusesAsBlocker(s: SQL, userId: string): SQL {
  return sql`(${s}.submission_type = 'name' and ${blocks(sql`${s}.user_id`, sql`${userId}::uuid`)})`;
}
