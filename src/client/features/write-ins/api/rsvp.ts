import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { WriteInSummary } from "#shared/schemas/write-ins.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { patchWriteIn } from "./write-in-cache.ts";

/** PUT /api/write-ins/:id/rsvp ("I'm coming") or DELETE ("Not coming"), until the start: the write-in with its new count. */
export const setWriteInRsvp = ({ id, coming }: { id: string; coming: boolean }): Promise<WriteInSummary> =>
  unwrap(coming ? api.api["write-ins"][":id"].rsvp.$put({ param: { id } }) : api.api["write-ins"][":id"].rsvp.$delete({ param: { id } }));

export function useWriteInRsvp() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setWriteInRsvp, onSuccess: (summary) => patchWriteIn(qc, summary) });
}
