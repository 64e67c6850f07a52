import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PieceControlsInput } from "#shared/schemas/piece-controls.ts";
import type { PieceView } from "#shared/schemas/portfolio.ts";
import { api, unwrap } from "#client/lib/api-client.ts";

/** PATCH /api/submissions/:id/controls: comments off or on, the content warning (issue 13 item 6). */
export const updatePieceControls = async ({ id, ...input }: PieceControlsInput & { id: string }): Promise<PieceView> =>
  (await unwrap(api.api.submissions[":id"].controls.$patch({ param: { id }, json: input }))).submission;

export function useUpdatePieceControls() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePieceControls,
    onSuccess: (piece) => {
      queryClient.setQueryData(["piece", piece.id, null], piece);
      void queryClient.invalidateQueries({ queryKey: ["piece", piece.id] });
      // The community's copy of the piece and its comments (another feature's queries).
      void queryClient.invalidateQueries({ queryKey: ["community"] });
    },
  });
}
