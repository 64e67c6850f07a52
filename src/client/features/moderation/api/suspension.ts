import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SuspensionInput } from "#shared/schemas/moderation.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { moderationKeys } from "./keys.ts";

const route = () => api.api.admin.users[":id"];

export const getSuspension = (id: string) => unwrap(route().suspension.$get({ param: { id } }));
export const getSuspensionQueryOptions = (id: string) => queryOptions({ queryKey: moderationKeys.suspension(id), queryFn: () => getSuspension(id) });
export const useSuspension = (id: string) => useQuery(getSuspensionQueryOptions(id));

export const suspendWriter = ({ id, ...json }: SuspensionInput & { id: string }) => unwrap(route().suspension.$put({ param: { id }, json }));
export const liftSuspension = (id: string) => unwrap(route().suspension.$delete({ param: { id } }));
export const hideAllPieces = ({ id, reason }: { id: string; reason: string }) => unwrap(route()["hide-all"].$post({ param: { id }, json: { reason } }));

/** Suspend, lift and hide-all; what they change is read again after. */
export function useSuspensionActions(id: string) {
  const qc = useQueryClient();
  const onSettled = () => qc.invalidateQueries({ queryKey: moderationKeys.all });
  return {
    suspend: useMutation({ mutationFn: suspendWriter, onSettled }),
    lift: useMutation({ mutationFn: () => liftSuspension(id), onSettled }),
    hideAll: useMutation({ mutationFn: hideAllPieces, onSettled }),
  };
}
