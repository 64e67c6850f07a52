import { z } from "zod";
import { isoTime, uuidSchema } from "./common.ts";

/*
 * Blocks (issue 13 item 5). A writer blocks the writer of a piece or a comment they can see; the
 * server records it against that writer's hidden id. Nothing here ever names the blocked writer:
 * the list shows the label the blocker saw, and a block's id is its own, never a user's.
 */

export const BLOCK_MESSAGES = {
  loginToBlock: "You must be logged in to block writers",
  blocked: "You won't see this writer's pieces or comments",
  unblocked: "Unblocked. Their pieces and comments will show again.",
  ownPiece: "That's your own piece",
  ownComment: "That's your own comment",
  nothingToBlock: "Choose a piece or a comment to block its writer",
  blockNotFound: "This block no longer exists",
  /** The piece or comment of a writer who deleted their account, kept as Anonymous: nobody is left to block. */
  leftWriter: "This writer has left inkwell; there is no one to block",
  badCursor: "That page of your blocks is no longer available. Refresh to start again.",
  /** What a blocked writer hears when commenting on or liking a blocker's piece: neutral, it names no one. */
  cantComment: "You can't comment on this piece",
  cantLike: "You can't like this piece",
} as const;

/** POST /api/blocks: the piece or the comment whose writer is blocked (exactly one). */
const sourceId = z.guid({ error: BLOCK_MESSAGES.nothingToBlock });
export const blockInput = z.union([z.strictObject({ pieceId: sourceId }), z.strictObject({ commentId: sourceId })], {
  error: BLOCK_MESSAGES.nothingToBlock,
});
export type BlockInput = z.infer<typeof blockInput>;

/** A block as its blocker sees it in settings. */
export const blockItem = z.object({
  id: uuidSchema,
  /** What the blocker saw on the piece or comment: "Anonymous", an alias or a name as signed. */
  label: z.string(),
  createdAt: isoTime,
});
export type BlockItem = z.infer<typeof blockItem>;

/** POST /api/blocks (201) */
export const blockCreated = z.object({ block: blockItem, message: z.string() });

/** GET /api/blocks?cursor= — newest first, keyset-paged. */
export const blocksQuery = z.object({ cursor: z.string().max(200).optional() });
export const blockList = z.object({ items: z.array(blockItem), nextCursor: z.string().nullable() });
export type BlockList = z.infer<typeof blockList>;

/** DELETE /api/blocks/:id */
export const blockRemoved = z.object({ id: uuidSchema, message: z.string() });
