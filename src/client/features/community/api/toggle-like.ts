import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LikeResult } from "#shared/schemas/community.ts";
import { api, callOptions, errorMessage, unwrap } from "#client/lib/api-client.ts";
import { useToast } from "#client/components/ui/toast.tsx";
import { patchPiece, readLikeState } from "../lib/community-cache.ts";

/** Spec §9: like time-out 8 s. */
const LIKE_TIMEOUT_MS = 8000;

/** likeSubmission(id): PUT likes, DELETE unlikes; the server answers the true count. */
export const setLike = ({ id, like }: { id: string; like: boolean }): Promise<LikeResult> => {
  const route = api.api.community.pieces[":id"].like;
  const options = callOptions({ timeoutMs: LIKE_TIMEOUT_MS });
  return like ? unwrap(route.$put({ param: { id } }, options)) : unwrap(route.$delete({ param: { id } }, options));
};

/**
 * Optimistic like (spec §4): the heart and the count change at once everywhere the piece is
 * shown, go back if the server refuses, and settle on the server's true count.
 */
export function useToggleLike() {
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: setLike,
    onMutate: ({ id, like }) => {
      const before = readLikeState(qc, id);
      if (before && before.likedByMe !== like) {
        patchPiece(qc, id, { likedByMe: like, likeCount: Math.max(0, before.likeCount + (like ? 1 : -1)) });
      }
      return { before };
    },
    onError: (err, { id }, ctx) => {
      if (ctx?.before) patchPiece(qc, id, ctx.before);
      toast.error(errorMessage(err));
    },
    onSuccess: (result, { id }) => {
      patchPiece(qc, id, { likedByMe: result.liked, likeCount: result.likeCount });
    },
  });
}
