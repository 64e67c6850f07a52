import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api-client.ts";
import { writeInKeys } from "./keys.ts";

export type CancelScope = "this" | "following";

/** DELETE /api/write-ins/:id?scope=this|following (its managers, before the start): those coming get a bell. */
export const cancelWriteIn = ({ id, scope }: { id: string; scope: CancelScope }) => unwrap(api.api["write-ins"][":id"].$delete({ param: { id }, query: { scope } }));

export function useCancelWriteIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelWriteIn,
    // Its page and every list (a weekly one's following weeks too) read again.
    onSuccess: () => void qc.invalidateQueries({ queryKey: writeInKeys.all }),
  });
}
