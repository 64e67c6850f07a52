import { useMutation, useQueryClient } from "@tanstack/react-query";
import { COMMENTS_LIMIT } from "#shared/constants.ts";
import type { AddedComment, CommentList } from "#shared/schemas/community.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { patchPiece } from "../lib/community-cache.ts";
import { communityKeys } from "./keys.ts";

export const addComment = ({ pieceId, content }: { pieceId: string; content: string }): Promise<AddedComment> =>
  unwrap(api.api.community.pieces[":id"].comments.$post({ param: { id: pieceId }, json: { content } }));

/** Posts a comment; on success it joins the list and the counts move. The caller keeps the text on failure. */
export function useAddComment(pieceId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => addComment({ pieceId, content }),
    onSuccess: ({ comment, commentCount }) => {
      qc.setQueryData<CommentList>(communityKeys.comments(pieceId), (list) => {
        if (!list) return list;
        if (list.comments.some((c) => c.id === comment.id)) return { ...list, commentCount };
        // The list holds the newest COMMENTS_LIMIT: a new one pushes the oldest out.
        const comments = [...list.comments, comment];
        const over = Math.max(0, comments.length - COMMENTS_LIMIT);
        return { ...list, comments: comments.slice(over), commentCount, hasOlder: list.hasOlder || over > 0 };
      });
      patchPiece(qc, pieceId, { commentCount });
    },
  });
}
