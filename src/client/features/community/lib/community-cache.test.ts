import { QueryClient, type InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { DEFAULT_FEED_PARAMS, type FeedParams } from "#shared/domain/community.ts";
import type { CommentList, CommunityFeedPage, CommunityPiece } from "#shared/schemas/community.ts";
import { communityKeys } from "../api/keys.ts";
import { hasComment, isFeaturedView, removePiece } from "./community-cache.ts";
import { newPieceMatches } from "./use-community-live.ts";

const piece = (id: string): CommunityPiece => ({
  id,
  title: null,
  preview: "",
  truncated: false,
  prompt: { id: "p", text: "Prompt", kind: "daily", date: "2026-01-01" },
  author: { label: "Anonymous", signature: "anonymous", streak: null },
  isFeatured: true,
  wordCount: 1,
  likeCount: 0,
  commentCount: 0,
  likedByMe: false,
  isMine: false,
  createdAt: new Date(0).toISOString(),
  commentsOff: false,
  contentWarning: null,
});
const feedOf = (...ids: string[]): InfiniteData<CommunityFeedPage, string | null> => ({ pages: [{ items: ids.map(piece), nextCursor: null }], pageParams: [null] });
const ids = (qc: QueryClient, params: FeedParams) => qc.getQueryData<InfiniteData<CommunityFeedPage>>(communityKeys.feed(params))!.pages[0]!.items.map((i) => i.id);

describe("community cache", () => {
  it("takes a piece that lost its pick out of the Editor's Picks views only", () => {
    const qc = new QueryClient();
    const picks: FeedParams = { ...DEFAULT_FEED_PARAMS, filter: "featured" };
    qc.setQueryData(communityKeys.feed(picks), feedOf("a", "b"));
    qc.setQueryData(communityKeys.feed(DEFAULT_FEED_PARAMS), feedOf("a", "b"));
    removePiece(qc, "a", isFeaturedView);
    expect(ids(qc, picks)).toEqual(["b"]);
    expect(ids(qc, DEFAULT_FEED_PARAMS)).toEqual(["a", "b"]);
  });

  it("knows whether a comment is already in a piece's list", () => {
    const qc = new QueryClient();
    const list: CommentList = {
      comments: [{ id: "c1", content: "hi", createdAt: new Date(0).toISOString(), authorLabel: "Me", byWriter: false, mine: true, canDelete: true }],
      commentCount: 1,
      hasOlder: false,
      commentsOff: false,
    };
    qc.setQueryData(communityKeys.comments("p1"), list);
    expect(hasComment(qc, "p1", "c1")).toBe(true);
    expect(hasComment(qc, "p1", "c2")).toBe(false);
    expect(hasComment(qc, "p1", undefined)).toBe(false);
    expect(hasComment(qc, "p2", "c1")).toBe(false);
  });
});

describe("newPieceMatches", () => {
  it("never counts a new piece while a search is active, since only the server knows if it matches", () => {
    expect(newPieceMatches(DEFAULT_FEED_PARAMS, "p", null)).toBe(true);
    expect(newPieceMatches({ ...DEFAULT_FEED_PARAMS, q: "rain" }, "p", null)).toBe(false);
    expect(newPieceMatches({ ...DEFAULT_FEED_PARAMS, filter: "featured" }, "p", null)).toBe(false);
    expect(newPieceMatches({ ...DEFAULT_FEED_PARAMS, prompt: "freewrite" }, "f", "f")).toBe(true);
  });
});
