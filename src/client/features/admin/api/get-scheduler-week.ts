import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { SchedulerWeek } from "#shared/schemas/admin.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { adminKeys } from "./keys.ts";

/** The week holding `week` (any date), or the admin's current week when null. */
export const getSchedulerWeek = async (week: string | null): Promise<SchedulerWeek> =>
  unwrap(api.api.admin.scheduler.$get({ query: week ? { week } : {} }));

export const getSchedulerWeekQueryOptions = (week: string | null) =>
  queryOptions({ queryKey: adminKeys.schedulerWeek(week), queryFn: () => getSchedulerWeek(week), staleTime: 0, placeholderData: keepPreviousData });

export const useSchedulerWeek = (week: string | null) => useQuery(getSchedulerWeekQueryOptions(week));
