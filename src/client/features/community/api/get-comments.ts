import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CommentList } from "#shared/schemas/community.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { communityKeys } from "./keys.ts";

/** A piece's newest COMMENTS_LIMIT comments, oldest first. */
export const getComments = (pieceId: string, signal?: AbortSignal): Promise<CommentList> =>
  unwrap(api.api.community.pieces[":id"].comments.$get({ param: { id: pieceId } }, { init: { signal } }));

export const getCommentsQueryOptions = (pieceId: string) =>
  queryOptions({ queryKey: communityKeys.comments(pieceId), queryFn: ({ signal }) => getComments(pieceId, signal) });

export const useComments = (pieceId: string) => useQuery(getCommentsQueryOptions(pieceId));
