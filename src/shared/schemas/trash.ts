import { z } from "zod";

/*
 * Trash (issue 15 item 3): a deleted piece waits here 30 days for its writer to restore it or
 * delete it for good; then a scheduled job purges it.
 */

export { TRASH_DAYS, TRASH_PAGE_SIZE, TRASH_EXCERPT_CHARS, TRASH_MESSAGES } from "../domain/trash.ts";

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
