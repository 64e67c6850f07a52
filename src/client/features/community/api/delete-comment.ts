import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CommentList, DeletedComment } from "#shared/schemas/community.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { patchPiece } from "../lib/community-cache.ts";
import { communityKeys } from "./keys.ts";

export const deleteComment = (commentId: string): Promise<DeletedComment> => unwrap(api.api.community.comments[":id"].$delete({ param: { id: commentId } }));

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
