import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api-client.ts";

/** deleteSubmission(id): the writer's own piece, or any for an admin. */
export const deletePiece = async (id: string): Promise<void> => {
  await unwrap(api.api.submissions[":id"].$delete({ param: { id } }));
};

export function useDeletePiece() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePiece,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: ["piece", id] });
      // Own pieces, stats, featured and community lists may all have held it.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== "config" && q.queryKey[0] !== "me" && q.queryKey[0] !== "piece" });
    },
  });
}
