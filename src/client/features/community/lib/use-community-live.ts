import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { FeedParams } from "#shared/domain/community.ts";
import { useLiveEvents } from "#client/lib/live-events.ts";
import { communityKeys } from "../api/keys.ts";
import { hasComment, isFeaturedView, isInFeed, patchPiece, removePiece } from "./community-cache.ts";

/** Whether a newly published piece belongs to the view (and so counts in the "new pieces" bar). */
export function newPieceMatches(params: FeedParams, promptId: string, freewritePromptId: string | null): boolean {
  if (params.filter === "featured") return false; // a new piece is not an Editor's Pick yet
  if (params.q) return false; // whether it matches the search only the server can tell
  if (params.prompt === "all") return true;
  if (params.prompt === "freewrite") return promptId === freewritePromptId;
  return promptId === params.prompt;
}

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

  useLiveEvents((m) => {
    switch (m.type) {
      case "piece:published": {
        const { id, promptId } = m.payload;
        if (!newPieceMatches(params, promptId, freewritePromptId) || isInFeed(qc, id)) return;
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
        // A new comment already in the list (the commenter's own, once posted) needs no reload.
        if (m.payload.id === openPieceId && !hasComment(qc, m.payload.id, m.payload.commentId)) {
          void qc.invalidateQueries({ queryKey: communityKeys.comments(m.payload.id) });
        }
        return;
      case "piece:featured":
        patchPiece(qc, m.payload.id, { isFeatured: m.payload.isFeatured });
        // A piece that loses its pick leaves the Editor's Picks views.
        if (!m.payload.isFeatured) removePiece(qc, m.payload.id, (key) => isFeaturedView(key));
        return;
      case "piece:controls":
        // The writer turned comments off or on, or changed the content warning (issue 13 item 6).
        patchPiece(qc, m.payload.id, { commentsOff: m.payload.commentsOff, contentWarning: m.payload.contentWarning });
        if (m.payload.id === openPieceId) void qc.invalidateQueries({ queryKey: communityKeys.comments(m.payload.id) });
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
