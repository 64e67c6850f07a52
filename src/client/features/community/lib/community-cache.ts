import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query";
import type { FeedParams } from "#shared/domain/community.ts";
import type { CommentList, CommunityFeedPage, CommunityPiece, CommunityPieceDetail } from "#shared/schemas/community.ts";
import { communityKeys } from "../api/keys.ts";

export type PiecePatch = Partial<Pick<CommunityPiece, "likeCount" | "likedByMe" | "commentCount" | "isFeatured" | "commentsOff" | "contentWarning">>;
type Feed = InfiniteData<CommunityFeedPage, string | null>;

function mapFeed(data: Feed | undefined, fn: (items: CommunityPiece[]) => CommunityPiece[]): Feed | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    const items = fn(page.items);
    if (items === page.items) return page;
    changed = true;
    return { ...page, items };
  });
  return changed ? { ...data, pages } : data;
}

/** Applies a change to one piece wherever it is shown: every cached feed view and its detail. */
export function patchPiece(qc: QueryClient, id: string, patch: PiecePatch): void {
  qc.setQueriesData<Feed>({ queryKey: communityKeys.feeds }, (data) =>
    mapFeed(data, (items) => (items.some((i) => i.id === id) ? items.map((i) => (i.id === id ? { ...i, ...patch } : i)) : items)),
  );
  qc.setQueryData<CommunityPieceDetail>(communityKeys.piece(id), (p) => (p ? { ...p, ...patch } : p));
}

/** Takes a piece out of every cached feed view (deleted), or of the views `only` picks. */
export function removePiece(qc: QueryClient, id: string, only?: (key: QueryKey) => boolean): void {
  qc.setQueriesData<Feed>({ queryKey: communityKeys.feeds, predicate: only ? (q) => only(q.queryKey) : undefined }, (data) =>
    mapFeed(data, (items) => (items.some((i) => i.id === id) ? items.filter((i) => i.id !== id) : items)),
  );
}

/** Whether a cached feed view is an Editor's Picks view. */
export function isFeaturedView(key: QueryKey): boolean {
  const featured: FeedParams["filter"] = "featured";
  // communityKeys.feed: ["community", "feed", prompt, filter, sort, q]
  return key[0] === communityKeys.feeds[0] && key[1] === communityKeys.feeds[1] && key[3] === featured;
}

/** Whether a comment is already in a piece's cached comment list. */
export function hasComment(qc: QueryClient, pieceId: string, commentId: string | undefined): boolean {
  if (!commentId) return false;
  return qc.getQueryData<CommentList>(communityKeys.comments(pieceId))?.comments.some((c) => c.id === commentId) ?? false;
}

/** The piece's like state as currently shown, for an optimistic change and its undo. */
export function readLikeState(qc: QueryClient, id: string): { likeCount: number; likedByMe: boolean } | undefined {
  const detail = qc.getQueryData<CommunityPieceDetail>(communityKeys.piece(id));
  if (detail) return { likeCount: detail.likeCount, likedByMe: detail.likedByMe };
  for (const [, data] of qc.getQueriesData<Feed>({ queryKey: communityKeys.feeds })) {
    for (const page of data?.pages ?? []) {
      const found = page.items.find((i) => i.id === id);
      if (found) return { likeCount: found.likeCount, likedByMe: found.likedByMe };
    }
  }
  return undefined;
}

/** Whether a piece is already in a cached feed view (so it is not "new"). */
export function isInFeed(qc: QueryClient, id: string): boolean {
  return qc.getQueriesData<Feed>({ queryKey: communityKeys.feeds }).some(([, data]) => data?.pages.some((p) => p.items.some((i) => i.id === id)));
}
