import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { WritingStats } from "#shared/schemas/writing-stats.ts";
import { api, unwrap } from "#client/lib/api-client.ts";

/* The writing calendar and stats of one year (issue 16 item 6): GET /api/me/stats. */

export const writingStatsKey = ["writing-stats"] as const;

export const getWritingStats = (year: number | null): Promise<WritingStats> =>
  unwrap(api.api.me.stats.$get({ query: year ? { year: String(year) } : {} }));

export const getWritingStatsQueryOptions = (year: number | null) =>
  queryOptions({ queryKey: [...writingStatsKey, year ?? "current"], queryFn: () => getWritingStats(year), placeholderData: keepPreviousData });

/** My calendar of `year` (null: my current year). */
export const useWritingStats = (year: number | null) => useQuery(getWritingStatsQueryOptions(year));
