import type { LiveEvent, LiveEventPayload, LiveEventType } from "../schemas/events.ts";
import { isUuid } from "./ids.ts";
import { MAX_CIRCLES_PER_WRITER } from "../constants.ts";

/*
 * Live events as the browser reads them, without zod (issue 26 item 3: zod is 24 KB of the first
 * page's JavaScript). The union stays shared/schemas/events.ts, which types the bus and filters
 * what the stream sends; this hand-written check must answer exactly what that schema answers
 * (live-events.test.ts holds the two together on any type and payload).
 */

/** The types a browser may receive: all but the instances' own (SERVER_ONLY_EVENTS). */
export type BrowserEventType = Exclude<LiveEventType, "circle:changed">;

/** Every event type a browser may receive, in the union's order (the stream's and the client's listeners). */
export const LIVE_EVENT_TYPES = [
  "piece:published",
  "piece:liked",
  "piece:commented",
  "piece:deleted",
  "piece:featured",
  "reports:changed",
  "piece:controls",
  "circle:published",
  "circle:liked",
  "circle:commented",
] as const satisfies readonly BrowserEventType[];

/** The one private event: a signed-in writer's unread notification count, on their own streams. */
export const NOTIFICATIONS_EVENT = "notifications";

type Field = "id" | "optional id" | "int" | "boolean" | "text or null" | "circle ids";

/** Each type's payload fields, as the union declares them. */
const PAYLOADS: { [T in BrowserEventType]: Record<keyof LiveEventPayload<T>, Field> } = {
  "piece:published": { id: "id", promptId: "id" },
  "piece:liked": { id: "id", likeCount: "int" },
  "piece:commented": { id: "id", commentCount: "int", commentId: "optional id" },
  "piece:deleted": { id: "id" },
  "piece:featured": { id: "id", isFeatured: "boolean" },
  "reports:changed": {},
  "piece:controls": { id: "id", commentsOff: "boolean", contentWarning: "text or null" },
  "circle:published": { circleIds: "circle ids", id: "id" },
  "circle:liked": { circleIds: "circle ids", id: "id", likeCount: "int" },
  "circle:commented": { circleIds: "circle ids", id: "id", commentCount: "int", commentId: "optional id" },
};

const fits: Record<Field, (value: unknown) => boolean> = {
  id: (v) => typeof v === "string" && isUuid(v),
  "optional id": (v) => v === undefined || (typeof v === "string" && isUuid(v)),
  int: (v) => Number.isSafeInteger(v),
  boolean: (v) => typeof v === "boolean",
  "text or null": (v) => v === null || typeof v === "string",
  "circle ids": (v) => Array.isArray(v) && v.length >= 1 && v.length <= MAX_CIRCLES_PER_WRITER && v.every((x) => typeof x === "string" && isUuid(x)),
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The event with the fields its type declares (others dropped), or null for anything else. */
export function readLiveEvent(type: string, payload: unknown): LiveEvent | null {
  if (!Object.hasOwn(PAYLOADS, type) || !isRecord(payload)) return null;
  const fields: Record<string, Field> = PAYLOADS[type as BrowserEventType];
  const kept: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (!fits[field](payload[name])) return null;
    if (name in payload) kept[name] = payload[name];
  }
  // Every field of this type's payload was checked above: the object is that member of the union.
  return { type, payload: kept } as LiveEvent;
}

/** The unread count a notifications event carries (a whole number, 0 or more), or null. */
export function readUnreadCount(payload: unknown): number | null {
  return isRecord(payload) && Number.isSafeInteger(payload.unread) && (payload.unread as number) >= 0 ? (payload.unread as number) : null;
}
