import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { COMMUNITY_STALE_MS } from "#shared/constants.ts";
import type { FeedParams } from "#shared/domain/community.ts";
import type { CommunityFeedPage } from "#shared/schemas/community.ts";
import { withViewerMarks } from "#shared/domain/viewer-marks.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { communityKeys } from "./keys.ts";

/** One page of a view of the community feed; filters, sort and search run on the server; the reader's own marks set on its cards. */
export const getCommunityFeed = async (params: FeedParams, cursor: string | null, signal?: AbortSignal): Promise<CommunityFeedPage> => {
  const query: { prompt: string; filter: FeedParams["filter"]; sort: FeedParams["sort"]; q?: string; cursor?: string } = {
    prompt: params.prompt,
    filter: params.filter,
    sort: params.sort,
  };
  if (params.q) query.q = params.q;
  if (cursor) query.cursor = cursor;
  return withViewerMarks(await unwrap(api.api.community.feed.$get({ query }, { init: { signal } })));
};

export const getCommunityFeedQueryOptions = (params: FeedParams) =>
  infiniteQueryOptions({
    queryKey: communityKeys.feed(params),
    queryFn: ({ pageParam, signal }) => getCommunityFeed(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Fresh for 2 minutes (spec §4); Refresh forces a reload.
    staleTime: COMMUNITY_STALE_MS,
    // While another view loads, the current one stays on screen.
    placeholderData: keepPreviousData,
  });

export const useCommunityFeed = (params: FeedParams) => useInfiniteQuery(getCommunityFeedQueryOptions(params));
