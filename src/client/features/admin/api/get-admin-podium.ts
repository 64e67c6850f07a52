import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminPodium } from "#shared/schemas/admin.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { adminKeys } from "./keys.ts";

export const getAdminPodium = async (): Promise<AdminPodium> => unwrap(api.api.admin.podium.$get());

export const getAdminPodiumQueryOptions = () => queryOptions({ queryKey: adminKeys.podium(), queryFn: getAdminPodium });

export const useAdminPodium = () => useQuery(getAdminPodiumQueryOptions());
