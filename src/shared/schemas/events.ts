/**
 * Live events (GET /api/events, Server-Sent Events). Public data only: never a user id, name
 * or email of an alias-signed or anonymous piece.
 */
export type LiveEventMap = {
  /** A new public piece was published. */
  "piece:published": { id: string; promptId: string };
  "piece:liked": { id: string; likeCount: number };
  /** A comment was added (`commentId` names it) or deleted (no `commentId`). */
  "piece:commented": { id: string; commentCount: number; commentId?: string };
  "piece:deleted": { id: string };
  "piece:featured": { id: string; isFeatured: boolean };
};
export type LiveEventType = keyof LiveEventMap;
export const LIVE_EVENT_TYPES = ["piece:published", "piece:liked", "piece:commented", "piece:deleted", "piece:featured"] as const satisfies readonly LiveEventType[];
