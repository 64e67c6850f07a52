import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SAVE_TIMEOUT_MS } from "#shared/constants.ts";
import type { Me } from "#shared/schemas/auth.ts";
import type { SubmissionInput, SubmissionResponse } from "#shared/schemas/writing.ts";
import { api, callOptions, unwrap } from "#client/lib/api-client.ts";
import { meQueryKey } from "#client/lib/get-me.ts";

/** Queries a new piece leaves as they are: who is signed in (its streak is set below), the config, the prompts. */
const UNTOUCHED = new Set(["me", "config", "prompts"]);

/** Saves privately or publishes (POST /api/submissions); gives up after 15 s (spec §9). */
export const createSubmission = (input: SubmissionInput): Promise<SubmissionResponse> =>
  unwrap(api.api.submissions.$post({ json: input }, callOptions({ timeoutMs: SAVE_TIMEOUT_MS })));

/**
 * Save or publish. The answer carries the writer's new streak: it goes straight into the
 * signed-in writer's cache (no refetch); every list and count the piece may change is marked
 * stale, to be fetched when next shown.
 */
export function useCreateSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubmission,
    onSuccess: ({ streak }) => {
      queryClient.setQueryData<Me | null>(meQueryKey, (me) =>
        me ? { ...me, currentStreak: streak.currentStreak, longestStreak: streak.longestStreak } : me,
      );
      void queryClient.invalidateQueries({ predicate: (q) => !UNTOUCHED.has(String(q.queryKey[0])), refetchType: "none" });
    },
  });
}
