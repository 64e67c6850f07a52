import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TodayPromptResponse, TodayPromptSaved } from "#shared/schemas/admin.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { adminKeys } from "./keys.ts";

export const updateTodayPrompt = async (text: string): Promise<TodayPromptSaved> =>
  unwrap(api.api.admin.prompts.today.$put({ json: { text } }));

/** Sets (or creates) today's prompt; the dashboard, scheduler and prompt list then show it. */
export function useUpdateTodayPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTodayPrompt,
    onSuccess: (result) => {
      queryClient.setQueryData<TodayPromptResponse>(adminKeys.todayPrompt(), { date: result.date, prompt: result.prompt });
      void queryClient.invalidateQueries({ queryKey: adminKeys.schedulerAll() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.prompts() });
    },
  });
}
