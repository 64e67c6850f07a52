// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_FEED_PARAMS, type FeedParams } from "#shared/domain/community.ts";
import { CircleFeed } from "./circle-feed.tsx";

function showEmptyFeed(params: FeedParams, filtered: boolean) {
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return new Response(JSON.stringify({ items: [], nextCursor: null }), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
  const onClearFilters = vi.fn();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <CircleFeed slug="night-owls" params={params} mode="list" filtered={filtered} onClearFilters={onClearFilters} renderPiece={(p) => p.id} />
    </QueryClientProvider>,
  );
  return { urls, onClearFilters };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("CircleFeed", () => {
  it("asks for the view's search and says nothing matches it, offering to clear the filters", async () => {
    const { urls, onClearFilters } = showEmptyFeed({ ...DEFAULT_FEED_PARAMS, sort: "liked", q: "rain" }, true);
    expect(await screen.findByRole("heading", { name: "Nothing matches" })).toBeTruthy();
    expect(screen.getByText('No piece in this circle matches "rain".')).toBeTruthy();
    expect(Object.fromEntries(new URL(urls[0]!, "http://localhost").searchParams)).toEqual({ prompt: "all", filter: "all", sort: "liked", q: "rain" });
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(onClearFilters).toHaveBeenCalledOnce();
  });

  it("says nothing is shared yet when no filter leaves pieces out", async () => {
    showEmptyFeed({ ...DEFAULT_FEED_PARAMS, sort: "longest" }, false);
    expect(await screen.findByRole("heading", { name: "Nothing shared with this circle yet." })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull();
  });
});
