import { useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { CircleFeedPage } from "#shared/schemas/circles.ts";
import { useLiveEvents } from "#client/lib/live-events.ts";
import { circleKeys } from "../api/keys.ts";

/** A circle piece's counts changed: the route patches the cards and the open piece (the community's cache). */
export type CirclePieceChange = { id: string; likeCount: number } | { id: string; commentCount: number; commentId?: string | undefined };

type Feed = InfiniteData<CircleFeedPage, string | null>;

/**
 * An open circle's live events (sent to its members only): a piece newly shared with it is only
 * counted ("1 new piece — show"), so nothing moves under the reader; a like or a comment on one
 * of its pieces goes to `onPiece`. `showNew` reloads the feed from its first page.
 */
export function useCircleLive(circleId: string | null, slug: string, onPiece: (change: CirclePieceChange) => void) {
  const qc = useQueryClient();
  const [fresh, setFresh] = useState<string[]>([]);

  useLiveEvents((m) => {
    if (m.type !== "circle:published" && m.type !== "circle:liked" && m.type !== "circle:commented") return;
    if (!circleId || !m.payload.circleIds.includes(circleId)) return;
    const { id } = m.payload;
    if (m.type === "circle:published") {
      const known = qc.getQueryData<Feed>(circleKeys.feed(slug))?.pages.some((p) => p.items.some((i) => i.id === id));
      if (!known) setFresh((ids) => (ids.includes(id) ? ids : [...ids, id]));
    } else if (m.type === "circle:liked") onPiece({ id, likeCount: m.payload.likeCount });
    else if (m.type === "circle:commented") onPiece({ id, commentCount: m.payload.commentCount, commentId: m.payload.commentId });
  });

  const showNew = useCallback(() => {
    const key = circleKeys.feed(slug);
    qc.setQueryData<Feed>(key, (d) => (d ? { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) } : d));
    void qc.refetchQueries({ queryKey: key, exact: true });
    setFresh([]);
  }, [qc, slug]);

  return { newCount: fresh.length, showNew };
}
