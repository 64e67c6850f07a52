import { and, eq, sql } from "drizzle-orm";
import { BLOCK_MESSAGES, type BlockInput, type BlockItem, type BlockList } from "#shared/schemas/blocks.ts";
import { COMMUNITY_MESSAGES } from "#shared/schemas/community.ts";
import { reachablePieceSql } from "../../db/audience.ts";
import { authorLabelSql, commenterLabelSql } from "../../db/author-label.ts";
import { commentSignature, pieceSignature, type Signature } from "../../db/blocks-sql.ts";
import type { Queryable } from "../../db/client.ts";
import { DELETED_WRITER_ID } from "../../db/deleted-writer.ts";
import { blocks, submissionComments, submissions, users } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { keyTimeSql, newestFirstPager } from "../../db/keyset.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { blocksChanged } from "../../realtime/viewer-blocks.ts";

/*
 * Blocks (issue 13 item 5). The blocker names a public piece or a comment on one (or on a piece
 * of a circle they are in: blocks apply in circles too, issue 29 item 7); the server
 * finds its writer and the label the blocker saw there, and records the block against that
 * writer's id and the signature seen there (name, alias or anonymous: review finding 1), so it
 * hides only what that writer signs the same way. The answer and the list carry only the block's own id, the label and the time:
 * nothing that tells who the writer is, nor whether they were blocked before under another label.
 */

export const BLOCKS_PAGE_SIZE = 50;

interface Target {
  writerId: string;
  label: string;
  scope: "name" | "alias" | "anonymous";
  alias: string | null;
}

const signatureColumns = (sig: Signature) => ({
  scope: sql<Target["scope"]>`${sig.scope}`,
  alias: sql<string | null>`${sig.alias}`,
});

/** The writer of a piece the blocker may reach (public, or in a circle of theirs) and its signature's label, or 404. */
async function pieceTarget(db: Queryable, blockerId: string, pieceId: string): Promise<Target> {
  const [row] = await db
    .select({
      writerId: submissions.userId,
      label: sql<string>`${authorLabelSql(sql`${submissions.submissionType}`, sql`${users.name}`, sql`${submissions.authorAlias}`)}`,
      ...signatureColumns(pieceSignature(sql`${submissions.submissionType}`, sql`${submissions.authorAlias}`)),
    })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .where(and(eq(submissions.id, pieceId), reachablePieceSql(blockerId, sql`${submissions}`)));
  if (!row) throw notFound(COMMUNITY_MESSAGES.pieceNotFound);
  return row;
}

/** The writer of a comment on a piece the blocker may reach and the label readers see on it, or 404. */
async function commentTarget(db: Queryable, blockerId: string, commentId: string): Promise<Target> {
  const c = submissionComments;
  const s = submissions;
  const label = commenterLabelSql(sql`${c.userId} = ${s.userId}`, sql`${s.submissionType}`, sql`${s.authorAlias}`, sql`${users.name}`, sql`${users.alias}`);
  const [row] = await db
    .select({
      writerId: c.userId,
      label: sql<string>`${label}`,
      ...signatureColumns(commentSignature(sql`${c.userId} = ${s.userId}`, sql`${s.submissionType}`, sql`${s.authorAlias}`, sql`${users.alias}`)),
    })
    .from(c)
    .innerJoin(s, eq(s.id, c.submissionId))
    .innerJoin(users, eq(users.id, c.userId))
    .where(and(eq(c.id, commentId), reachablePieceSql(blockerId, sql`${s}`)));
  if (!row) throw notFound(COMMUNITY_MESSAGES.commentNotFound);
  return row;
}

const itemColumns = { id: blocks.id, label: blocks.label, createdAt: blocks.createdAt };
const toItem = (r: { id: string; label: string; createdAt: Date }): BlockItem => ({ id: r.id, label: r.label, createdAt: r.createdAt.toISOString() });

/** Blocks the writer of the piece or comment; blocking the same one again is the same block. */
export async function createBlock(deps: Deps, blockerId: string, input: BlockInput): Promise<BlockItem> {
  const { db, clock } = deps;
  const sourceId = "pieceId" in input ? input.pieceId : input.commentId;
  const target = "pieceId" in input ? await pieceTarget(db, blockerId, input.pieceId) : await commentTarget(db, blockerId, input.commentId);
  if (target.writerId === blockerId) throw badRequest("pieceId" in input ? BLOCK_MESSAGES.ownPiece : BLOCK_MESSAGES.ownComment, "own_content");
  // Every writer who left keeping their pieces is the one deleted writer: blocking "them" would hide them all.
  if (target.writerId === DELETED_WRITER_ID) throw badRequest(BLOCK_MESSAGES.leftWriter, "left_writer");
  await db
    .insert(blocks)
    .values({ blockerId, blockedId: target.writerId, sourceId, label: target.label, scope: target.scope, alias: target.alias, createdAt: clock.now() })
    .onConflictDoNothing({ target: [blocks.blockerId, blocks.sourceId] });
  const [row] = await db.select(itemColumns).from(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.sourceId, sourceId)));
  await blocksChanged(deps, blockerId);
  return toItem(row!);
}

/** Removes one of the caller's blocks; someone else's block is as missing as no block. */
export async function removeBlock(deps: Deps, blockerId: string, blockId: string): Promise<void> {
  const deleted = await deps.db
    .delete(blocks)
    .where(and(eq(blocks.id, blockId), eq(blocks.blockerId, blockerId)))
    .returning({ id: blocks.id });
  if (deleted.length === 0) throw notFound(BLOCK_MESSAGES.blockNotFound);
  await blocksChanged(deps, blockerId);
}

const pager = newestFirstPager(BLOCKS_PAGE_SIZE, BLOCK_MESSAGES.badCursor);

/** The caller's blocks, newest first, BLOCKS_PAGE_SIZE a page, through blocks_blocker_created_idx. */
export async function listBlocks(db: Queryable, blockerId: string, rawCursor: string | undefined): Promise<BlockList> {
  const after = pager.decode(rawCursor);
  const rows = await db
    .select({ ...itemColumns, cursorTs: keyTimeSql(blocks.createdAt) })
    .from(blocks)
    .where(
      and(
        eq(blocks.blockerId, blockerId),
        pager.olderThan(blocks.createdAt, blocks.id, after),
      ),
    )
    .orderBy(...pager.order(blocks.createdAt, blocks.id))
    .limit(pager.limit);
  const { page, nextCursor } = pager.page(rows);
  return { items: page.map(toItem), nextCursor };
}
