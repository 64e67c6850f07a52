import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StreakResponse } from "#shared/schemas/writing.ts";
import { api, unwrap } from "#client/lib/api-client.ts";

/** The signed-in writer's streak data (GET /api/me/streak). */
export const getStreak = (): Promise<StreakResponse> => unwrap(api.api.me.streak.$get());

export const getStreakQueryOptions = () => queryOptions({ queryKey: ["me", "streak"], queryFn: getStreak, staleTime: 60_000 });

export const useStreak = (enabled = true) => useQuery({ ...getStreakQueryOptions(), enabled });
