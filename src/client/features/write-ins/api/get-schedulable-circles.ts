import { useQuery } from "@tanstack/react-query";
import type { MyCircles } from "#shared/schemas/circles.ts";
import { api, unwrap } from "#client/lib/api-client.ts";

/*
 * The circles where I may schedule a write-in (owner or moderator), from GET /api/circles. Features
 * do not import each other, so this asks the endpoint itself, under the key the circles feature
 * keeps its answer in (["circles", "mine"]): one request and one cache for both.
 */

const myCirclesKey = ["circles", "mine"] as const;

export interface SchedulableCircle {
  slug: string;
  name: string;
}

const getMyCircles = (): Promise<MyCircles> => unwrap(api.api.circles.$get());

export const schedulableCircles = (data: MyCircles): SchedulableCircle[] =>
  data.circles.filter((c) => c.myRole === "owner" || c.myRole === "moderator").map((c) => ({ slug: c.slug, name: c.name }));

export const useSchedulableCircles = (enabled: boolean) => useQuery({ queryKey: myCirclesKey, queryFn: getMyCircles, select: schedulableCircles, enabled });

/** Where the writer may schedule: the whole community (site admins), then each circle they moderate. */
export interface ScheduleOption {
  circle: string | null;
  name: string;
}

export const COMMUNITY_NAME = "Whole community";

export function useScheduleOptions(me: { isAdmin: boolean } | null | undefined): ScheduleOption[] {
  const circles = useSchedulableCircles(Boolean(me));
  return [...(me?.isAdmin ? [{ circle: null, name: COMMUNITY_NAME }] : []), ...(circles.data ?? []).map((c) => ({ circle: c.slug, name: c.name }))];
}
