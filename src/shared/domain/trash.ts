/*
 * Trash (issue 15 item 3): how long a deleted piece waits and the words around it, without zod
 * (the piece page's delete dialog imports them; shared/schemas/trash.ts has the schemas).
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
