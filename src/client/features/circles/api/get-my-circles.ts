import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MyCircles } from "#shared/schemas/circles.ts";
import { api, unwrap } from "#client/lib/api-client.ts";

/**
 * My circles' query key, here rather than in keys.ts (which names it too): /write asks for my
 * circles when its publish form opens, and this file alone then joins its first load.
 */
export const myCirclesKey = ["circles", "mine"] as const;

/** GET /api/circles: the circles I am in, each with how many pieces are new to me. */
export const getMyCircles = (): Promise<MyCircles> => unwrap(api.api.circles.$get());

export const getMyCirclesQueryOptions = () => queryOptions({ queryKey: myCirclesKey, queryFn: getMyCircles });

export const useMyCircles = () => useQuery(getMyCirclesQueryOptions());
