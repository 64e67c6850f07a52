import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CommentList } from "#shared/schemas/community.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { patchPiece } from "../lib/community-cache.ts";
import { communityKeys } from "./keys.ts";

export const deleteComment = async (commentId: string) =>
  (await unwrap(api.api.community.comments[":id"].$delete({ param: { id: commentId } }))) as { pieceId: string; commentCount: number };

/** Deletes a comment (its writer, or an admin). */
export function useDeleteComment(pieceId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: ({ commentCount }, commentId) => {
      qc.setQueryData<CommentList>(communityKeys.comments(pieceId), (list) =>
        list ? { ...list, comments: list.comments.filter((c) => c.id !== commentId), commentCount } : list,
      );
      patchPiece(qc, pieceId, { commentCount });
    },
  });
}
