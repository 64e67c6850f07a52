import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { PortfolioPage, PortfolioSort } from "#shared/schemas/portfolio.ts";
import { api, unwrap } from "#client/lib/api-client.ts";

export interface MySubmissionsFilter {
  q: string;
  sort: PortfolioSort;
}

export const portfolioQueryKey = ["portfolio"] as const;

/** One page of the writer's own pieces; search and sort run on the server over all of them. */
export const getMySubmissions = (filter: MySubmissionsFilter, cursor: string | null, signal?: AbortSignal): Promise<PortfolioPage> => {
  const query: { sort: PortfolioSort; q?: string; cursor?: string } = { sort: filter.sort };
  if (filter.q.trim()) query.q = filter.q.trim();
  if (cursor) query.cursor = cursor;
  return unwrap(api.api.me.submissions.$get({ query }, { init: { signal } }));
};

export const getMySubmissionsQueryOptions = (filter: MySubmissionsFilter) =>
  infiniteQueryOptions({
    queryKey: [...portfolioQueryKey, "submissions", filter.sort, filter.q.trim()] as const,
    queryFn: ({ pageParam, signal }) => getMySubmissions(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** While a new search or sort loads, the previous results stay on screen (dimmed). */
export const useMySubmissions = (filter: MySubmissionsFilter) => useInfiniteQuery({ ...getMySubmissionsQueryOptions(filter), placeholderData: keepPreviousData });
