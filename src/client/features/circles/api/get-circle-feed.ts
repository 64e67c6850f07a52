import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { FeedParams } from "#shared/domain/community.ts";
import type { CircleFeedPage } from "#shared/schemas/circles.ts";
import { withViewerMarks } from "#shared/domain/viewer-marks.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { circleKeys } from "./keys.ts";

/**
 * GET /api/circles/:slug/feed?prompt=&filter=&sort=&q=&cursor=: one page of a view of the pieces
 * shared with a circle. The view is the community feed's (its `feedQuery`): filters, sort and
 * search run on the server; the reader's own marks set on its cards (shared/domain/viewer-marks.ts).
 */
export const getCircleFeed = async (slug: string, { q, ...view }: FeedParams, cursor: string | null, signal?: AbortSignal): Promise<CircleFeedPage> =>
  withViewerMarks(await unwrap(api.api.circles[":slug"].feed.$get({ param: { slug }, query: { ...view, ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) } }, { init: { signal } })));

export const getCircleFeedQueryOptions = (slug: string, params: FeedParams) =>
  infiniteQueryOptions({
    queryKey: circleKeys.feed(slug, params),
    queryFn: ({ pageParam, signal }) => getCircleFeed(slug, params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // While another view loads, the current one stays on screen.
    placeholderData: keepPreviousData,
  });

export const useCircleFeed = (slug: string, params: FeedParams) => useInfiniteQuery(getCircleFeedQueryOptions(slug, params));
