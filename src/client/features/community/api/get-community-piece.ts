import { queryOptions, useQuery } from "@tanstack/react-query";
import { COMMUNITY_STALE_MS } from "#shared/constants.ts";
import type { CommunityPieceDetail } from "#shared/schemas/community.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { communityKeys } from "./keys.ts";

/** A public piece with its full text; 404 for anything private or gone. */
export const getCommunityPiece = async (id: string, signal?: AbortSignal): Promise<CommunityPieceDetail> =>
  (await unwrap(api.api.community.pieces[":id"].$get({ param: { id } }, { init: { signal } }))).piece;

export const getCommunityPieceQueryOptions = (id: string) =>
  queryOptions({ queryKey: communityKeys.piece(id), queryFn: ({ signal }) => getCommunityPiece(id, signal), staleTime: COMMUNITY_STALE_MS });

export const useCommunityPiece = (id: string) => useQuery(getCommunityPieceQueryOptions(id));
