import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SchedulerSaveInput, SchedulerSaveResult } from "#shared/schemas/admin.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { schedulerGapsKey } from "./get-scheduler-gaps.ts";
import { adminKeys } from "./keys.ts";

export const saveSchedulerWeek = async (input: SchedulerSaveInput): Promise<SchedulerSaveResult> =>
  unwrap(api.api.admin.scheduler.$put({ json: input }));

/** Saves the whole week in one request; every day comes back with its own outcome. */
export function useSaveSchedulerWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedulerWeek,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.todayPrompt() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.prompts() });
      void queryClient.invalidateQueries({ queryKey: schedulerGapsKey });
    },
  });
}
