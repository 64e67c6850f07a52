import { z } from "zod";
import { LIVE_EVENT_TYPES, NOTIFICATIONS_EVENT } from "../domain/live-events.ts";
import { MAX_CIRCLES_PER_WRITER } from "../constants.ts";

/*
 * Live events (GET /api/events, Server-Sent Events): the one list of what can be announced.
 * Public data only — never a user id, name or email: every visitor's feed receives them. The
 * server's bus is typed by this union, the stream sends only what `liveEventSchema` keeps
 * (unknown fields are stripped). The browser checks what it receives with shared/domain/
 * live-events.ts, a hand-written copy of this union's rules (no zod on the first page), tested to
 * answer as `publicLiveEvent` does.
 */
const id = z.guid();
const circleIds = z.array(id).min(1).max(MAX_CIRCLES_PER_WRITER);

export const liveEventSchema = z.discriminatedUnion("type", [
  /** A new public piece was published. */
  z.object({ type: z.literal("piece:published"), payload: z.object({ id, promptId: id }) }),
  z.object({ type: z.literal("piece:liked"), payload: z.object({ id, likeCount: z.number().int() }) }),
  /** A comment was added (`commentId` names it) or deleted (no `commentId`). */
  z.object({ type: z.literal("piece:commented"), payload: z.object({ id, commentCount: z.number().int(), commentId: id.optional() }) }),
  z.object({ type: z.literal("piece:deleted"), payload: z.object({ id }) }),
  z.object({ type: z.literal("piece:featured"), payload: z.object({ id, isFeatured: z.boolean() }) }),
  /** Admins only (ADMIN_ONLY_EVENTS): the open reports changed; the queue and its count reload. */
  z.object({ type: z.literal("reports:changed"), payload: z.object({}) }),
  /** The writer turned comments off or on, or changed the content warning (issue 13 item 6). */
  z.object({ type: z.literal("piece:controls"), payload: z.object({ id, commentsOff: z.boolean(), contentWarning: z.string().nullable() }) }),
  /*
   * A piece shared with circles only (issue 29 item 4): sent only to members of those circles
   * (CIRCLE_EVENTS), each hearing only the ids of their own circles among `circleIds`.
   */
  z.object({ type: z.literal("circle:published"), payload: z.object({ circleIds, id }) }),
  z.object({ type: z.literal("circle:liked"), payload: z.object({ circleIds, id, likeCount: z.number().int() }) }),
  z.object({ type: z.literal("circle:commented"), payload: z.object({ circleIds, id, commentCount: z.number().int(), commentId: id.optional() }) }),
  /*
   * Instances only (SERVER_ONLY_EVENTS, never on a stream): a piece shared with these circles left
   * their feeds (deleted, trashed, hidden by the site or the circle), came back, or changed what
   * its card shows (comments off, content warning). Every instance's feed cache drops the circles'
   * pages (community/feed-cache.ts), as the community's events drop its own.
   */
  z.object({ type: z.literal("circle:changed"), payload: z.object({ circleIds, id }) }),
]);

/** Events sent only to members of the circles they name (events.routes.ts and realtime/viewer-circles.ts). */
export const CIRCLE_EVENTS: ReadonlySet<LiveEventType> = new Set(["circle:published", "circle:liked", "circle:commented"]);

/** Events for the instances' caches alone: the stream sends them to nobody. */
export const SERVER_ONLY_EVENTS: ReadonlySet<LiveEventType> = new Set(["circle:changed"]);

/** Events the stream sends to admins only; they carry nothing but that something changed. */
export const ADMIN_ONLY_EVENTS: ReadonlySet<LiveEventType> = new Set(["reports:changed"]);

export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent["type"];
export type LiveEventPayload<T extends LiveEventType> = Extract<LiveEvent, { type: T }>["payload"];

export { LIVE_EVENT_TYPES, NOTIFICATIONS_EVENT };

/**
 * The one private event (issue 14 item 6): sent only to a signed-in writer's own streams when
 * their notifications change, with their unread count and nothing else. Never stored, no id.
 */
export const notificationsEventPayload = z.object({ unread: z.number().int().min(0) });

/** The event as it may leave the server, or null for anything not in the union. */
export function publicLiveEvent(type: string, payload: unknown): LiveEvent | null {
  const parsed = liveEventSchema.safeParse({ type, payload });
  return parsed.success ? parsed.data : null;
}
