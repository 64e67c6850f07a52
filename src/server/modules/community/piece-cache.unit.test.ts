import { describe, expect, it } from "vitest";
import type { CommunityPieceDetail } from "#shared/schemas/community.ts";
import { liveEventSchema, type LiveEvent } from "#shared/schemas/events.ts";
import type { StoredLiveEvent } from "#server/realtime/bus.ts";
import { PieceCache, pieceStaleAfter } from "./piece-cache.ts";

/* PieceCache on its own: its bounds, its age, and reads that race an event. */

const a = crypto.randomUUID();
const b = crypto.randomUUID();
/** A piece's answer whose title says which read made it. */
const body = (id: string, title: string, content = "words") => ({ piece: { id, title, content } as CommunityPieceDetail });
const loader = (id: string, title: string, content?: string) => () => Promise.resolve(body(id, title, content));
const titleOf = async (kept: Promise<{ plain: Uint8Array }>) => (JSON.parse(new TextDecoder().decode((await kept).plain)) as ReturnType<typeof body>).piece.title;
const likedEvent = (id: string, eventId = 1): StoredLiveEvent => ({ id: eventId, type: "piece:liked", payload: { id, likeCount: 1 } });

describe("PieceCache", () => {
  it("holds at most its number of pieces and bytes, dropping the least recently read", async () => {
    const cache = new PieceCache({ entries: 2, bytes: 100_000, maxAgeMs: 60_000 });
    const c = crypto.randomUUID();
    await cache.get(a, 0, loader(a, "a1"));
    await cache.get(b, 0, loader(b, "b1"));
    await cache.get(a, 0, loader(a, "a2")); // a hit: now the most recent
    await cache.get(c, 0, loader(c, "c1"));
    expect(cache.size).toBe(2);
    expect(await titleOf(cache.get(a, 0, loader(a, "a3")))).toBe("a1");
    expect(await titleOf(cache.get(b, 0, loader(b, "b2")))).toBe("b2");
    const tiny = new PieceCache({ entries: 100, bytes: 1_000, maxAgeMs: 60_000 });
    for (let i = 0; i < 5; i++) await tiny.get(crypto.randomUUID(), 0, loader(a, "t", "x".repeat(300)));
    expect(tiny.size).toBeLessThan(5);
    // A piece larger than the whole cache is answered, never kept.
    await tiny.get(b, 0, loader(b, "huge", "x".repeat(5_000)));
    expect(tiny.peek(b, 0)).toBeUndefined();
  });

  it("reads a piece again after its age", async () => {
    const cache = new PieceCache({ entries: 10, bytes: 100_000, maxAgeMs: 1000 });
    await cache.get(a, 0, loader(a, "first"));
    expect(await titleOf(cache.get(a, 999, loader(a, "second")))).toBe("first");
    expect(await titleOf(cache.get(a, 1000, loader(a, "third")))).toBe("third");
  });

  it("never keeps a read that an event about its piece overtook, and keeps one that an event about another piece did", async () => {
    const cache = new PieceCache({ entries: 10, bytes: 100_000, maxAgeMs: 60_000 });
    let release: () => void = () => undefined;
    const slow = cache.get(a, 0, () => new Promise((r) => (release = () => r(body(a, "before")))));
    cache.delivered(likedEvent(a));
    // A reader after the event does not wait for the read that began before it.
    const after = cache.get(a, 0, loader(a, "after"));
    release();
    expect(await titleOf(slow)).toBe("before");
    expect(await titleOf(after)).toBe("after");
    expect(await titleOf(cache.get(a, 0, loader(a, "again")))).toBe("after");

    let releaseB: () => void = () => undefined;
    const slowB = cache.get(b, 0, () => new Promise((r) => (releaseB = () => r(body(b, "b")))));
    cache.delivered(likedEvent(a, 2));
    releaseB();
    await slowB;
    expect(cache.peek(b, 0)).toBeDefined();
    // A publish (a piece restored) names its piece alone; a resync overtakes every read.
    cache.delivered({ id: 3, type: "piece:published", payload: { id: a, promptId: a } });
    expect([cache.peek(a, 0), cache.peek(b, 0)?.id]).toEqual([undefined, b]);
    let releaseC: () => void = () => undefined;
    const c = crypto.randomUUID();
    const slowC = cache.get(c, 0, () => new Promise((r) => (releaseC = () => r(body(c, "c")))));
    cache.clear();
    releaseC();
    await slowC;
    expect([cache.peek(c, 0), cache.peek(b, 0)]).toEqual([undefined, undefined]);
  });

  it("drops a piece by the event's id in any case", async () => {
    const cache = new PieceCache();
    await cache.get(a, 0, loader(a, "kept"));
    cache.delivered(likedEvent(a.toUpperCase()));
    expect(cache.peek(a, 0)).toBeUndefined();
  });

  it("keeps nothing while its own write is between commit and NOTIFY, nor a read that failed", async () => {
    const cache = new PieceCache();
    cache.recorded(likedEvent(b, 7));
    await cache.get(a, 0, loader(a, "held"));
    expect(cache.peek(a, 0)).toBeUndefined();
    cache.delivered(likedEvent(b, 7));
    await cache.get(a, 0, loader(a, "kept"));
    expect(await titleOf(cache.get(a, 0, loader(a, "not read")))).toBe("kept");
    await expect(cache.get(b, 0, () => Promise.reject(new Error("not found")))).rejects.toThrow("not found");
    expect(cache.peek(b, 0)).toBeUndefined();
    expect(await titleOf(cache.get(b, 0, loader(b, "found")))).toBe("found");
  });

  it("lets in a piece's second read lately, or one while its first is being kept, and forgets the oldest first reads", () => {
    const cache = new PieceCache({ entries: 2, bytes: 100_000, maxAgeMs: 60_000 });
    expect([cache.admits(a), cache.admits(a), cache.admits(a)]).toEqual([false, true, false]);
    const ids = Array.from({ length: 9 }, () => crypto.randomUUID());
    for (const id of ids) expect(cache.admits(id)).toBe(false);
    // At most four times the cache's pieces are remembered: the first of the nine is forgotten.
    expect(cache.admits(ids[0]!)).toBe(false);
    expect(cache.admits(ids[8]!)).toBe(true);
    void cache.get(b, 0, () => new Promise(() => undefined));
    expect(cache.admits(b)).toBe(true);
  });

  it("lets in at once a kept piece that expired or that an event dropped", async () => {
    const cache = new PieceCache({ entries: 10, bytes: 100_000, maxAgeMs: 1000 });
    await cache.get(a, 0, loader(a, "a"));
    expect(cache.peek(a, 1000)).toBeUndefined();
    expect(cache.admits(a)).toBe(true);
    await cache.get(b, 0, loader(b, "b"));
    cache.delivered(likedEvent(b));
    expect(cache.admits(b)).toBe(true);
    // Not a piece it never kept, nor one no event named.
    expect(cache.admits(crypto.randomUUID())).toBe(false);
  });

  it("has a rule for every live event type: each one about a piece drops that piece alone", () => {
    const samples: LiveEvent[] = [
      { type: "piece:published", payload: { id: a, promptId: b } },
      { type: "piece:liked", payload: { id: a, likeCount: 1 } },
      { type: "piece:commented", payload: { id: a, commentCount: 1 } },
      { type: "piece:deleted", payload: { id: a } },
      { type: "piece:featured", payload: { id: a, isFeatured: true } },
      { type: "piece:controls", payload: { id: a, commentsOff: true, contentWarning: "grief" } },
      { type: "circle:published", payload: { circleIds: [b], id: a } },
      { type: "circle:liked", payload: { circleIds: [b], id: a, likeCount: 1 } },
      { type: "circle:commented", payload: { circleIds: [b], id: a, commentCount: 1 } },
      { type: "circle:changed", payload: { circleIds: [b], id: a } },
    ];
    const others: LiveEvent[] = [{ type: "reports:changed", payload: {} }];
    const types = liveEventSchema.options.map((o) => o.shape.type.value);
    expect([...samples, ...others].map((e) => e.type).sort()).toEqual([...types].sort());
    for (const e of samples) expect(pieceStaleAfter(e), e.type).toBe(a);
    expect(others.map(pieceStaleAfter)).toEqual(["none"]);
  });
});
