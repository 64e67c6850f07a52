import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicPodium } from "#shared/schemas/admin.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { adminKeys } from "./keys.ts";

/** The public podium: current Editors' Picks, newest first. */
export const getPodium = async (): Promise<PublicPodium> => unwrap(api.api.podium.$get());

export const getPodiumQueryOptions = () => queryOptions({ queryKey: adminKeys.publicPodium(), queryFn: getPodium });

export const usePodium = () => useQuery(getPodiumQueryOptions());
