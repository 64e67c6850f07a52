import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SAVE_TIMEOUT_MS } from "#shared/constants.ts";
import type { PieceView, UpdatePrivateInput } from "#shared/schemas/portfolio.ts";
import { api, callOptions, unwrap } from "#client/lib/api-client.ts";

/** updatePrivateVersion: only the writer's private copy changes (15 s time-out, spec §9). */
export const updatePrivateVersion = async ({ id, ...input }: UpdatePrivateInput & { id: string }): Promise<PieceView> =>
  (await unwrap(api.api.submissions[":id"].private.$patch({ param: { id }, json: input }, callOptions({ timeoutMs: SAVE_TIMEOUT_MS })))).submission;

export function useUpdatePrivateVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrivateVersion,
    onSuccess: (piece) => {
      queryClient.setQueryData(["piece", piece.id, null], piece);
      void queryClient.invalidateQueries({ queryKey: ["piece", piece.id] });
      void queryClient.invalidateQueries({ queryKey: ["portfolio"] });
    },
  });
}
