import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MyCircles, TodayCirclePrompts } from "#shared/schemas/circles.ts";
import { api, unwrap } from "#client/lib/api-client.ts";

/*
 * My circles' and today's circle prompts' queries, here rather than beside the others: /write asks
 * for both, and this file alone then joins its first load (keys.ts names their keys too). /write
 * hands each query to its circle choices (their own chunk, write-choices.tsx), which must not import
 * the API client themselves: that would split the client out of every page's first chunks.
 */

export const myCirclesKey = ["circles", "mine"] as const;

/** GET /api/circles: the circles I am in, each with how many pieces are new to me. */
export const getMyCircles = (): Promise<MyCircles> => unwrap(api.api.circles.$get());

export const getMyCirclesQueryOptions = () => queryOptions({ queryKey: myCirclesKey, queryFn: getMyCircles });

export const useMyCircles = () => useQuery(getMyCirclesQueryOptions());

export const todayCirclePromptsKey = ["circles", "prompts", "today"] as const;

/** GET /api/circles/prompts/today (signed in): the prompts my circles set for my today (none: /write offers the site's alone). */
export const todayCirclePromptsQuery = { queryKey: todayCirclePromptsKey, queryFn: (): Promise<TodayCirclePrompts> => unwrap(api.api.circles.prompts.today.$get()) };
