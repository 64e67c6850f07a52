// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, type InfiniteData } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_FEED_PARAMS, type FeedParams } from "#shared/domain/community.ts";
import type { CircleFeedPage } from "#shared/schemas/circles.ts";
import type { CommunityPiece } from "#shared/schemas/community.ts";
import type { LiveMessage } from "#client/lib/live-events.ts";
import { useCircleFeed } from "../api/get-circle-feed.ts";
import { circleKeys } from "../api/keys.ts";
import { newPieceShows, useCircleLive } from "./use-circle-live.ts";

const live = vi.hoisted(() => ({ handler: null as ((m: LiveMessage) => void) | null }));
vi.mock("#client/lib/live-events.ts", () => ({
  useLiveEvents: (h: (m: LiveMessage) => void) => {
    live.handler = h;
  },
}));

const CIRCLE = "33333333-3333-4333-8333-333333333333";
const SLUG = "night-owls";
/** A card as far as these tests look: the live code reads a piece's id alone. */
const piece = (id: string) => ({ id }) as CommunityPiece;
type Feed = InfiniteData<CircleFeedPage, string | null>;
const feedOf = (...pages: string[][]): Feed => ({
  pages: pages.map((ids, i) => ({ items: ids.map(piece), nextCursor: i < pages.length - 1 ? `c${i + 1}` : null })),
  pageParams: pages.map((_, i) => (i === 0 ? null : `c${i}`)),
});
const published = (id: string, circleIds = [CIRCLE]): LiveMessage => ({ type: "circle:published", payload: { circleIds, id } });
const search: FeedParams = { ...DEFAULT_FEED_PARAMS, q: "rain" };

function setup(params: FeedParams, onPiece = vi.fn()) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  const hook = renderHook((p: FeedParams) => useCircleLive(CIRCLE, SLUG, p, onPiece), { wrapper, initialProps: params });
  return { qc, hook, onPiece };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  live.handler = null;
});

describe("newPieceShows", () => {
  it("counts a new piece only where it would show: every prompt, no search, not Editor's Picks", () => {
    expect(newPieceShows(DEFAULT_FEED_PARAMS)).toBe(true);
    expect(newPieceShows({ ...DEFAULT_FEED_PARAMS, filter: "week", sort: "liked" })).toBe(true);
    expect(newPieceShows(search)).toBe(false);
    expect(newPieceShows({ ...DEFAULT_FEED_PARAMS, filter: "featured" })).toBe(false);
    expect(newPieceShows({ ...DEFAULT_FEED_PARAMS, prompt: "freewrite" })).toBe(false);
  });
});

describe("circle feed keys", () => {
  it("keeps every view of a circle under the community's feeds and the circle's own prefix, its filter in the community's place", () => {
    const picks = circleKeys.feed(SLUG, { ...DEFAULT_FEED_PARAMS, filter: "featured" });
    expect(picks.slice(0, 3)).toEqual(circleKeys.feeds(SLUG));
    expect(picks.slice(0, 2)).toEqual(["community", "feed"]);
    expect(picks[3]).toBe("featured");
    expect(circleKeys.feed(SLUG, search)).not.toEqual(circleKeys.feed(SLUG, DEFAULT_FEED_PARAMS));
  });
});

describe("useCircleLive", () => {
  it("counts a piece newly shared with the circle on the view that would show it, and marks every view of the circle stale", () => {
    const { qc, hook } = setup(DEFAULT_FEED_PARAMS);
    qc.setQueryData(circleKeys.feed(SLUG, DEFAULT_FEED_PARAMS), feedOf(["a"]));
    qc.setQueryData(circleKeys.feed(SLUG, search), feedOf(["a"]));
    act(() => live.handler!(published("n1")));
    act(() => live.handler!(published("n1")));
    act(() => live.handler!(published("a")));
    act(() => live.handler!(published("elsewhere", ["44444444-4444-4444-8444-444444444444"])));
    expect(hook.result.current.newCount).toBe(1);
    for (const params of [DEFAULT_FEED_PARAMS, search]) {
      expect(qc.getQueryState(circleKeys.feed(SLUG, params))?.isInvalidated).toBe(true);
    }
  });

  it("does not count a new piece on a searched view, and starts a view from none", () => {
    const { hook } = setup(DEFAULT_FEED_PARAMS);
    act(() => live.handler!(published("n1")));
    expect(hook.result.current.newCount).toBe(1);
    hook.rerender(search);
    expect(hook.result.current.newCount).toBe(0);
    act(() => live.handler!(published("n2")));
    expect(hook.result.current.newCount).toBe(0);
  });

  it("passes likes and comments on its pieces to the route", () => {
    const { onPiece } = setup(search);
    act(() => live.handler!({ type: "circle:liked", payload: { circleIds: [CIRCLE], id: "a", likeCount: 3 } }));
    act(() => live.handler!({ type: "circle:commented", payload: { circleIds: [CIRCLE], id: "a", commentCount: 2 } }));
    expect(onPiece.mock.calls).toEqual([[{ id: "a", likeCount: 3 }], [{ id: "a", commentCount: 2, commentId: undefined }]]);
  });

  it("shows the new pieces by reading the view on screen again from its first page", async () => {
    const urls: string[] = [];
    const answers = [
      { items: [piece("a")], nextCursor: "c1" },
      { items: [piece("b")], nextCursor: null },
      { items: [piece("n1"), piece("a")], nextCursor: "c1" },
    ];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(input instanceof Request ? input.url : String(input));
        return new Response(JSON.stringify(answers[urls.length - 1]), { status: 200, headers: { "content-type": "application/json" } });
      }),
    );
    const week: FeedParams = { ...DEFAULT_FEED_PARAMS, filter: "week", sort: "liked" };
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => ({ feed: useCircleFeed(SLUG, week), live: useCircleLive(CIRCLE, SLUG, week, vi.fn()) }), { wrapper });
    const shown = () => result.current.feed.data?.pages.map((p) => p.items.map((i) => i.id));
    await waitFor(() => expect(shown()).toEqual([["a"]]));
    act(() => void result.current.feed.fetchNextPage());
    await waitFor(() => expect(shown()).toEqual([["a"], ["b"]]));
    act(() => live.handler!(published("n1")));
    expect(result.current.live.newCount).toBe(1);
    expect(shown()).toEqual([["a"], ["b"]]);
    act(() => result.current.live.showNew());
    expect(result.current.live.newCount).toBe(0);
    await waitFor(() => expect(shown()).toEqual([["n1", "a"]]));
    const sent = new URL(urls[2]!, "http://localhost");
    expect(sent.pathname).toBe(`/api/circles/${SLUG}/feed`);
    expect(Object.fromEntries(sent.searchParams)).toEqual({ prompt: "all", filter: "week", sort: "liked" });
    expect(Object.fromEntries(new URL(urls[1]!, "http://localhost").searchParams)).toEqual({ prompt: "all", filter: "week", sort: "liked", cursor: "c1" });
  });
});
