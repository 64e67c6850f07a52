import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { liveEventSchema, publicLiveEvent, SERVER_ONLY_EVENTS } from "../schemas/events.ts";
import { LIVE_EVENT_TYPES, readLiveEvent, readUnreadCount } from "./live-events.ts";

const ID = "3f1c2a9e-8b7d-4c6e-9a5f-1e2d3c4b5a69";

describe("the browser's live-event check, without zod", () => {
  it("names the union's types a browser may receive, in its order", () => {
    const sent = liveEventSchema.options.map((o) => o.shape.type.value).filter((type) => !SERVER_ONLY_EVENTS.has(type));
    expect(LIVE_EVENT_TYPES).toEqual(sent);
    expect(readLiveEvent("circle:changed", { circleIds: [ID], id: ID })).toBeNull();
  });

  it("keeps a valid event and drops what the union does not name", () => {
    expect(readLiveEvent("piece:liked", { id: ID, likeCount: 3, userId: "u1", name: "Ada" })).toEqual({ type: "piece:liked", payload: { id: ID, likeCount: 3 } });
    expect(readLiveEvent("piece:commented", { id: ID, commentCount: 0 })).toEqual({ type: "piece:commented", payload: { id: ID, commentCount: 0 } });
    expect(readLiveEvent("piece:controls", { id: ID, commentsOff: true, contentWarning: null })).toEqual({
      type: "piece:controls",
      payload: { id: ID, commentsOff: true, contentWarning: null },
    });
  });

  it("refuses an unknown type, a missing or mistyped field, a non-object payload", () => {
    expect(readLiveEvent("user:signed-in", { id: ID })).toBeNull();
    expect(readLiveEvent("piece:liked", { id: ID })).toBeNull();
    expect(readLiveEvent("piece:liked", { id: ID, likeCount: 1.5 })).toBeNull();
    expect(readLiveEvent("piece:deleted", { id: "not-an-id" })).toBeNull();
    expect(readLiveEvent("piece:deleted", [ID])).toBeNull();
    expect(readLiveEvent("piece:deleted", null)).toBeNull();
    expect(readLiveEvent("toString", {})).toBeNull();
  });

  it("answers what the server's schema answers, for any type and payload", () => {
    // Each field mostly of a kind some type expects, so that valid events are common and near misses too.
    const value = fc.oneof(fc.constant(ID), fc.uuid(), fc.integer(), fc.double(), fc.boolean(), fc.string(), fc.constant(null), fc.constant(undefined));
    const id = fc.oneof(fc.constant(ID), value);
    const int = fc.oneof(fc.integer({ min: -5, max: 5 }), value);
    const bool = fc.oneof(fc.boolean(), value);
    const text = fc.oneof(fc.string(), fc.constant(null), value);
    const fields = { id, promptId: id, commentId: id, likeCount: int, commentCount: int, isFeatured: bool, commentsOff: bool, contentWarning: text, userId: id };
    const payload = fc.oneof({ arbitrary: fc.record(fields, { requiredKeys: [] }), weight: 8 }, value, fc.array(value));
    const type = fc.oneof(fc.constantFrom(...LIVE_EVENT_TYPES), fc.string());
    fc.assert(fc.property(type, payload, (t, p) => {
        expect(readLiveEvent(t, p)).toEqual(publicLiveEvent(t, p));
      }), { numRuns: 2000 });
  });

  it("reads the unread count of the private notifications event", () => {
    expect(readUnreadCount({ unread: 4, extra: 1 })).toBe(4);
    expect(readUnreadCount({ unread: 0 })).toBe(0);
    for (const bad of [{ unread: -1 }, { unread: 1.5 }, { unread: "3" }, {}, null, 3]) expect(readUnreadCount(bad)).toBeNull();
  });
});
