import { z } from "zod";

/*
 * Trash (issue 15 item 3): a deleted piece waits here 30 days for its writer to restore it or
 * delete it for good; then a scheduled job purges it.
 */

export const TRASH_DAYS = 30;
export const TRASH_PAGE_SIZE = 20;
/** The listing shows the first words of an untitled piece. */
export const TRASH_EXCERPT_CHARS = 160;

export const TRASH_MESSAGES = {
  loginToSeeTrash: "You must be logged in to see your trash",
  notFound: "This piece is not in your trash",
  /** An admin's restore from the audit log: restored already, deleted forever or purged. */
  notInWritersTrash: "This piece is no longer in its writer's trash",
  invalidCursor: "This page of your trash is out of date. Reload to start again.",
  empty: "Trash is empty. Deleted pieces stay here for 30 days.",
  restored: "Piece restored",
  restoredPrivate: "Piece restored to your portfolio as private",
  deletedForever: "Piece deleted forever",
  removedByAdmin: "Removed by an admin",
} as const;

export const trashQuery = z.object({ cursor: z.string().max(400).optional() });

export const trashItem = z.object({
  id: z.string(),
  title: z.string().nullable(),
  excerpt: z.string(),
  wordCount: z.number(),
  createdAt: z.string(),
  trashedAt: z.string(),
  /** When the purge takes it: trashedAt + 30 days. */
  purgeAt: z.string(),
  /** An admin removed it: the writer's restore brings it back private. */
  removedByAdmin: z.boolean(),
  /** The admin's reason, when they gave one (never who they were). */
  note: z.string().nullable(),
});
export type TrashItem = z.infer<typeof trashItem>;

export const trashPage = z.object({ items: z.array(trashItem), nextCursor: z.string().nullable() });
export type TrashPage = z.infer<typeof trashPage>;

/** POST /api/me/trash/:id/restore and POST /api/admin/trash/:id/restore */
export const restoreResponse = z.object({ id: z.string(), isPrivate: z.boolean(), likeCount: z.number(), commentCount: z.number() });
export type RestoreResponse = z.infer<typeof restoreResponse>;

/** DELETE /api/me/trash/:id */
export const purgeResponse = z.object({ id: z.string(), deleted: z.literal(true) });
