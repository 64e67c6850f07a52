import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminPrompt } from "#shared/schemas/admin.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { adminKeys } from "./keys.ts";

export interface TodayPrompt {
  /** The admin's own calendar date. */
  date: string;
  prompt: AdminPrompt | null;
}

export const getTodayPrompt = async (): Promise<TodayPrompt> => unwrap(api.api.admin.prompts.today.$get());

export const getTodayPromptQueryOptions = () => queryOptions({ queryKey: adminKeys.todayPrompt(), queryFn: getTodayPrompt });

export const useTodayPrompt = () => useQuery(getTodayPromptQueryOptions());
