import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { FeedParams } from "#shared/schemas/community.ts";
import { useLiveEvents } from "#client/lib/live-events.ts";
import { communityKeys } from "../api/keys.ts";
import { isInFeed, patchPiece, removePiece } from "./community-cache.ts";

/**
 * Keeps what the community shows in step with everyone else: like and comment counts, picks
 * and deletions change in place; new pieces are only counted (the "N new pieces — show" bar),
 * so nothing moves under the reader's eyes.
 */
export function useCommunityLive(params: FeedParams, freewritePromptId: string | null, openPieceId: string | null) {
  const qc = useQueryClient();
  const viewKey = communityKeys.feed(params).join("\u0000");
  const [fresh, setFresh] = useState<{ viewKey: string; ids: string[] }>({ viewKey, ids: [] });
  const ids = fresh.viewKey === viewKey ? fresh.ids : [];

  const matchesView = (promptId: string): boolean => {
    if (params.filter === "featured") return false; // a new piece is not an Editor's Pick yet
    if (params.prompt === "all") return true;
    if (params.prompt === "freewrite") return promptId === freewritePromptId;
    return promptId === params.prompt;
  };

  useLiveEvents((m) => {
    switch (m.type) {
      case "piece:published": {
        const { id, promptId } = m.payload;
        if (!matchesView(promptId) || isInFeed(qc, id)) return;
        setFresh((f) => {
          const current = f.viewKey === viewKey ? f.ids : [];
          return current.includes(id) ? f : { viewKey, ids: [...current, id] };
        });
        return;
      }
      case "piece:liked":
        patchPiece(qc, m.payload.id, { likeCount: m.payload.likeCount });
        return;
      case "piece:commented":
        patchPiece(qc, m.payload.id, { commentCount: m.payload.commentCount });
        if (m.payload.id === openPieceId) void qc.invalidateQueries({ queryKey: communityKeys.comments(m.payload.id) });
        return;
      case "piece:featured":
        patchPiece(qc, m.payload.id, { isFeatured: m.payload.isFeatured });
        return;
      case "piece:deleted":
        removePiece(qc, m.payload.id);
        setFresh((f) => (f.ids.includes(m.payload.id) ? { ...f, ids: f.ids.filter((x) => x !== m.payload.id) } : f));
        if (m.payload.id === openPieceId) void qc.invalidateQueries({ queryKey: communityKeys.piece(m.payload.id) });
        return;
      case "stale":
        void qc.invalidateQueries({ queryKey: communityKeys.all });
        return;
      case "ready":
        return;
    }
  });

  const clearNew = useCallback(() => setFresh({ viewKey, ids: [] }), [viewKey]);
  return { newCount: ids.length, clearNew };
}
