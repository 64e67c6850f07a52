import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api-client.ts";
import { moderationKeys } from "./keys.ts";

/** GET /api/me/suspension: the signed-in writer's own suspension, if any. */
export const getMySuspension = () => unwrap(api.api.me.suspension.$get());

export const getMySuspensionQueryOptions = () => queryOptions({ queryKey: moderationKeys.mySuspension(), queryFn: getMySuspension, staleTime: 60_000 });

export const useMySuspension = () => useQuery(getMySuspensionQueryOptions());
