import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { CircleProgress } from "#shared/schemas/circles.ts";
import { api, apiPath, apiUrls, unwrap } from "#client/lib/api-client.ts";
import { circleKeys } from "./keys.ts";

/** GET /api/circles/:slug/progress?week= (moderators): each member's week, in counts. */
export const getCircleProgress = (slug: string, week: string | null): Promise<CircleProgress> =>
  unwrap(api.api.circles[":slug"].progress.$get({ param: { slug }, query: week ? { week } : {} }));

export const getCircleProgressQueryOptions = (slug: string, week: string | null) =>
  queryOptions({ queryKey: circleKeys.progress(slug, week), queryFn: () => getCircleProgress(slug, week), placeholderData: keepPreviousData });

export const useCircleProgress = (slug: string, week: string | null) => useQuery(getCircleProgressQueryOptions(slug, week));

/** GET /api/circles/:slug/progress.csv?week=: the same week as a spreadsheet (downloaded, lib/download.ts). */
export const circleProgressCsvHref = (slug: string, week: string): string =>
  apiPath(apiUrls.api.circles[":slug"]["progress.csv"].$url({ param: { slug }, query: { week } }));
