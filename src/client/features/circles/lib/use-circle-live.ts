import { useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import type { FeedParams } from "#shared/domain/community.ts";
import type { CircleFeedPage } from "#shared/schemas/circles.ts";
import { useLiveEvents } from "#client/lib/live-events.ts";
import { circleKeys } from "../api/keys.ts";

/** A circle piece's counts changed: the route patches the cards and the open piece (the community's cache). */
export type CirclePieceChange = { id: string; likeCount: number } | { id: string; commentCount: number; commentId?: string | undefined };

type Feed = InfiniteData<CircleFeedPage, string | null>;

/**
 * Whether a piece newly shared with the circle belongs to the view, so it counts in "1 new piece".
 * The event names no prompt: a view of one prompt cannot tell; a search only the server can tell;
 * a new piece is not an Editor's Pick yet.
 */
export function newPieceShows(params: FeedParams): boolean {
  return params.prompt === "all" && params.filter !== "featured" && params.q === "";
}

/**
 * An open circle's live events (sent to its members only): a piece newly shared with it is only
 * counted ("1 new piece — show") when the view on screen would show it, so nothing moves under the
 * reader, and every cached view of the circle is marked stale (each reads again when next shown);
 * a like or a comment on one of its pieces goes to `onPiece`. `showNew` (also Refresh) reloads the
 * view from its first page.
 */
export function useCircleLive(circleId: string | null, slug: string, params: FeedParams, onPiece: (change: CirclePieceChange) => void) {
  const qc = useQueryClient();
  const key = useMemo(() => circleKeys.feed(slug, params), [slug, params]);
  const viewKey = key.join("\u0000");
  // New pieces counted for one view: another view starts from none (it reads the circle afresh).
  const [fresh, setFresh] = useState<{ viewKey: string; ids: string[] }>({ viewKey, ids: [] });
  const ids = fresh.viewKey === viewKey ? fresh.ids : [];

  useLiveEvents((m) => {
    if (m.type !== "circle:published" && m.type !== "circle:liked" && m.type !== "circle:commented") return;
    if (!circleId || !m.payload.circleIds.includes(circleId)) return;
    const { id } = m.payload;
    if (m.type === "circle:published") {
      void qc.invalidateQueries({ queryKey: circleKeys.feeds(slug), refetchType: "none" });
      const known = qc.getQueryData<Feed>(key)?.pages.some((p) => p.items.some((i) => i.id === id));
      if (known || !newPieceShows(params)) return;
      setFresh((f) => {
        const current = f.viewKey === viewKey ? f.ids : [];
        return current.includes(id) ? f : { viewKey, ids: [...current, id] };
      });
    } else if (m.type === "circle:liked") onPiece({ id, likeCount: m.payload.likeCount });
    else onPiece({ id, commentCount: m.payload.commentCount, commentId: m.payload.commentId });
  });

  const showNew = useCallback(() => {
    qc.setQueryData<Feed>(key, (d) => (d ? { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) } : d));
    void qc.refetchQueries({ queryKey: key, exact: true });
    setFresh({ viewKey, ids: [] });
  }, [qc, key, viewKey]);

  return { newCount: ids.length, showNew };
}
