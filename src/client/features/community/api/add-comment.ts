import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CommentList, PieceComment } from "#shared/schemas/community.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { patchPiece } from "../lib/community-cache.ts";
import { communityKeys } from "./keys.ts";

export const addComment = async ({ pieceId, content }: { pieceId: string; content: string }) =>
  (await unwrap(api.api.community.pieces[":id"].comments.$post({ param: { id: pieceId }, json: { content } }))) as {
    comment: PieceComment;
    commentCount: number;
  };

/** Posts a comment; on success it joins the list and the counts move. The caller keeps the text on failure. */
export function useAddComment(pieceId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => addComment({ pieceId, content }),
    onSuccess: ({ comment, commentCount }) => {
      qc.setQueryData<CommentList>(communityKeys.comments(pieceId), (list) =>
        list ? { comments: list.comments.some((c) => c.id === comment.id) ? list.comments : [...list.comments, comment], commentCount } : list,
      );
      patchPiece(qc, pieceId, { commentCount });
    },
  });
}
