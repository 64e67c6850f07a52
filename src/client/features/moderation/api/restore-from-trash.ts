import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RestoreResponse } from "#shared/schemas/trash.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { moderationKeys } from "./keys.ts";

/** An admin brings a piece an admin deleted back from its writer's trash, as it was (issue 15 item 3). */
export const restoreFromTrash = (id: string): Promise<RestoreResponse> => unwrap(api.api.admin.trash[":id"].restore.$post({ param: { id } }));

export function useRestoreFromTrash() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: restoreFromTrash, onSettled: () => qc.invalidateQueries({ queryKey: moderationKeys.all }) });
}
