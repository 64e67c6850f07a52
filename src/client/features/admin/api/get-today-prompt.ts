import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TodayPromptResponse } from "#shared/schemas/admin.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { adminKeys } from "./keys.ts";

/** The admin's own calendar date and its prompt, if any. */
export const getTodayPrompt = async (): Promise<TodayPromptResponse> => unwrap(api.api.admin.prompts.today.$get());

export const getTodayPromptQueryOptions = () => queryOptions({ queryKey: adminKeys.todayPrompt(), queryFn: getTodayPrompt });

export const useTodayPrompt = () => useQuery(getTodayPromptQueryOptions());
