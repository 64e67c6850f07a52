import { infiniteQueryOptions, queryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { WriteInList } from "#shared/schemas/write-ins.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { writeInKeys, type WriteInsWhen } from "./keys.ts";

/**
 * GET /api/write-ins?circle=&when=&cursor=: one page (20) of write-ins, upcoming soonest first or
 * past latest first. Without a circle: the community's and those of my circles.
 */
export const getWriteIns = (circle: string | null, when: WriteInsWhen, cursor: string | null, signal?: AbortSignal): Promise<WriteInList> =>
  unwrap(api.api["write-ins"].$get({ query: { when, ...(circle ? { circle } : {}), ...(cursor ? { cursor } : {}) } }, { init: { signal } }));

export const getWriteInsQueryOptions = (circle: string | null, when: WriteInsWhen) =>
  infiniteQueryOptions({
    queryKey: writeInKeys.list(circle, when),
    queryFn: ({ pageParam, signal }) => getWriteIns(circle, when, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useWriteIns = (circle: string | null, when: WriteInsWhen) => useInfiniteQuery(getWriteInsQueryOptions(circle, when));

/** GET /api/write-ins?limit=: the next `limit` write-ins, the community's and my circles', not ended (the writing page's notice). */
export const getNextWriteInsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: writeInKeys.next(limit),
    queryFn: ({ signal }) => unwrap(api.api["write-ins"].$get({ query: { when: "upcoming", limit: String(limit) } }, { init: { signal } })),
  });
