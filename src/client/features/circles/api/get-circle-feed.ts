import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { CircleFeedPage } from "#shared/schemas/circles.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { circleKeys } from "./keys.ts";

/** GET /api/circles/:slug/feed?cursor=: the pieces shared with the circle, newest first. */
export const getCircleFeed = (slug: string, cursor: string | null, signal?: AbortSignal): Promise<CircleFeedPage> =>
  unwrap(api.api.circles[":slug"].feed.$get({ param: { slug }, query: cursor ? { cursor } : {} }, { init: { signal } }));

export const getCircleFeedQueryOptions = (slug: string) =>
  infiniteQueryOptions({
    queryKey: circleKeys.feed(slug),
    queryFn: ({ pageParam, signal }) => getCircleFeed(slug, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useCircleFeed = (slug: string) => useInfiniteQuery(getCircleFeedQueryOptions(slug));
