import { describe, expect, it } from "vitest";
import type { CommunityFeedPage } from "#shared/schemas/community.ts";
import { liveEventSchema, type LiveEvent } from "#shared/schemas/events.ts";
import type { StoredLiveEvent } from "#server/realtime/bus.ts";
import { FeedCache, staleAfter, type FeedKey } from "./feed-cache.ts";

/* FeedCache on its own: its bounds, and fills that race an event. */

const key = (sort: FeedKey["sort"], prompt = "all"): FeedKey => ({ prompt, filter: "all", sort });
const page = (n: number): CommunityFeedPage => ({ items: [], nextCursor: n > 0 ? `c${n}` : null });
const loader = (n: number) => () => Promise.resolve({ page: page(n), oldest: null });
const liked: StoredLiveEvent = { id: 1, type: "piece:liked", payload: { id: crypto.randomUUID(), likeCount: 1 } };

describe("FeedCache", () => {
  it("holds at most its number of views and bytes, dropping the least recently used", async () => {
    const cache = new FeedCache({ entries: 2, bytes: 10_000, maxAgeMs: 60_000 });
    await cache.get(key("recent"), null, 0, loader(1));
    await cache.get(key("liked"), null, 0, loader(2));
    await cache.get(key("recent"), null, 0, loader(99)); // a hit: now the most recent
    await cache.get(key("longest"), null, 0, loader(3));
    expect(cache.size).toBe(2);
    expect((await cache.get(key("recent"), null, 0, loader(100))).page.nextCursor).toBe("c1");
    expect((await cache.get(key("liked"), null, 0, loader(200))).page.nextCursor).toBe("c200");
    const tiny = new FeedCache({ entries: 100, bytes: 300, maxAgeMs: 60_000 });
    for (let i = 1; i <= 5; i++) await tiny.get(key("recent", `p${i}`), null, 0, loader(i));
    expect(tiny.size).toBeLessThan(5);
  });

  it("reads a page again after its age, and never stores a fill an event overtook", async () => {
    const cache = new FeedCache({ entries: 10, bytes: 1_000_000, maxAgeMs: 1000 });
    await cache.get(key("recent"), null, 0, loader(1));
    expect((await cache.get(key("recent"), null, 999, loader(2))).page.nextCursor).toBe("c1");
    expect((await cache.get(key("recent"), null, 1000, loader(3))).page.nextCursor).toBe("c3");
    let release: () => void = () => undefined;
    const slow = cache.get(key("liked"), null, 0, () => new Promise((r) => (release = () => r({ page: page(4), oldest: null }))));
    cache.delivered(liked);
    // A reader after the event does not wait for the fill that began before it.
    const after = cache.get(key("liked"), null, 0, loader(5));
    release();
    expect((await slow).page.nextCursor).toBe("c4");
    expect((await after).page.nextCursor).toBe("c5");
    expect((await cache.get(key("liked"), null, 0, loader(6))).page.nextCursor).toBe("c5");
  });

  it("stores nothing while its own write is between commit and NOTIFY", async () => {
    const cache = new FeedCache({ entries: 10, bytes: 1_000_000, maxAgeMs: 60_000 });
    cache.recorded({ ...liked, id: 7 });
    await cache.get(key("recent"), null, 0, loader(1));
    expect((await cache.get(key("recent"), null, 0, loader(2))).page.nextCursor).toBe("c2");
    cache.delivered({ ...liked, id: 7 });
    await cache.get(key("recent"), null, 0, loader(3));
    expect((await cache.get(key("recent"), null, 0, loader(4))).page.nextCursor).toBe("c3");
  });

  it("keeps a later page only by a cursor a kept page of the same view handed out", async () => {
    const cache = new FeedCache();
    expect(cache.cacheable(key("recent"), null)).toBe(true);
    expect(cache.cacheable(key("recent"), "c1")).toBe(false);
    await cache.get(key("recent"), null, 0, loader(1));
    expect(cache.cacheable(key("recent"), "c1")).toBe(true);
    expect(cache.cacheable(key("liked"), "c1")).toBe(false);
    expect(cache.cacheable(key("recent"), "made-up")).toBe(false);
    // Page 2 kept, and the page it hands out in turn.
    await cache.get(key("recent"), "c1", 0, loader(2));
    expect(cache.peek(key("recent"), "c1", 0)?.page.nextCursor).toBe("c2");
    expect(cache.cacheable(key("recent"), "c2")).toBe(true);
    cache.clear();
    expect(cache.cacheable(key("recent"), "c1")).toBe(false);
  });

  it("has a rule for every live event type", () => {
    const id = crypto.randomUUID();
    const samples: LiveEvent[] = [
      { type: "piece:published", payload: { id, promptId: id } },
      { type: "piece:liked", payload: { id, likeCount: 1 } },
      { type: "piece:commented", payload: { id, commentCount: 1 } },
      { type: "piece:deleted", payload: { id } },
      { type: "piece:featured", payload: { id, isFeatured: true } },
      { type: "piece:controls", payload: { id, commentsOff: true, contentWarning: "grief" } },
    ];
    // Issue 13: the admins' queue changed; no page shows it. Issue 29: a piece shared with circles only is in no community page.
    const unseen: LiveEvent[] = [
      { type: "reports:changed", payload: {} },
      { type: "circle:published", payload: { circleIds: [id], id } },
      { type: "circle:liked", payload: { circleIds: [id], id, likeCount: 1 } },
      { type: "circle:commented", payload: { circleIds: [id], id, commentCount: 1 } },
      { type: "circle:changed", payload: { circleIds: [id], id } },
    ];
    const types = liveEventSchema.options.map((o) => o.shape.type.value);
    expect([...samples, ...unseen].map((e) => e.type).sort()).toEqual([...types].sort());
    for (const e of unseen) expect(staleAfter(e)(key("recent"), new Set([id])), e.type).toBe(false);
    // Each one drops a page that shows its piece.
    for (const e of samples) expect(staleAfter(e)(key("recent"), new Set([id])), e.type).toBe(true);
  });

  it("drops a circle's pages on that circle's events, and on the community's about a piece they show", () => {
    const id = crypto.randomUUID();
    const circle = crypto.randomUUID();
    const other = crypto.randomUUID();
    const mine = (sort: FeedKey["sort"]): FeedKey => ({ ...key(sort), circleId: circle });
    const shown = new Set([id]);
    const none = new Set<string>();
    const ofCircle = (circleIds: string[]): LiveEvent[] => [
      { type: "circle:published", payload: { circleIds, id } },
      { type: "circle:changed", payload: { circleIds, id } },
    ];
    for (const e of ofCircle([other, circle])) expect(staleAfter(e)(mine("recent"), none), e.type).toBe(true);
    for (const e of ofCircle([other])) expect(staleAfter(e)(mine("recent"), shown), e.type).toBe(false);
    const like: LiveEvent = { type: "circle:liked", payload: { circleIds: [circle], id, likeCount: 2 } };
    expect([staleAfter(like)(mine("recent"), shown), staleAfter(like)(mine("liked"), none), staleAfter(like)(mine("recent"), none)]).toEqual([true, true, false]);
    const comment: LiveEvent = { type: "circle:commented", payload: { circleIds: [circle], id, commentCount: 2 } };
    expect([staleAfter(comment)(mine("recent"), shown), staleAfter(comment)(mine("recent"), none)]).toEqual([true, false]);
    // A piece of the community shared with circles too is announced by the community's events alone.
    expect(staleAfter({ type: "piece:published", payload: { id, promptId: id } })(mine("recent"), none)).toBe(true);
    expect(staleAfter({ type: "piece:liked", payload: { id, likeCount: 1 } })(mine("recent"), shown)).toBe(true);
    expect(staleAfter({ type: "piece:controls", payload: { id, commentsOff: true, contentWarning: null } })(mine("recent"), shown)).toBe(true);
  });
});
