import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SchedulerGaps } from "#shared/schemas/admin.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { adminKeys } from "./keys.ts";

/** Under the scheduler's keys: whatever refreshes the scheduler (a save, today's prompt set) refreshes this too. */
export const schedulerGapsKey = [...adminKeys.schedulerAll(), "gaps"] as const;

/** The next dates that are already tomorrow somewhere and have no prompt. */
export const getSchedulerGaps = async (): Promise<SchedulerGaps> => unwrap(api.api.admin.scheduler.gaps.$get());

export const getSchedulerGapsQueryOptions = () => queryOptions({ queryKey: schedulerGapsKey, queryFn: getSchedulerGaps });

export const useSchedulerGaps = () => useQuery(getSchedulerGapsQueryOptions());
