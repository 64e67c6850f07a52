import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CircleRequests } from "#shared/schemas/circles.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { circleKeys, pathParams } from "./keys.ts";

/** GET /api/circles/:slug/requests (moderators): the writers asking to join, oldest first. */
export const getCircleRequests = (slug: string): Promise<CircleRequests> => unwrap(api.api.circles[":slug"].requests.$get({ param: { slug } }));

export const getCircleRequestsQueryOptions = (slug: string) => queryOptions({ queryKey: circleKeys.requests(slug), queryFn: () => getCircleRequests(slug) });

export const useCircleRequests = (slug: string) => useQuery(getCircleRequestsQueryOptions(slug));

/** POST /api/circles/:slug/requests/:userId (moderators): the writer joins. */
export const acceptCircleRequest = ({ slug, userId }: { slug: string; userId: string }) =>
  unwrap(api.api.circles[":slug"].requests[":userId"].$post({ param: pathParams({ slug, userId }) }));

/** DELETE /api/circles/:slug/requests/:userId (moderators): the request is dropped; the writer is not told. */
export const declineCircleRequest = ({ slug, userId }: { slug: string; userId: string }) =>
  unwrap(api.api.circles[":slug"].requests[":userId"].$delete({ param: pathParams({ slug, userId }) }));

/**
 * After a decision (or a 404: someone else decided first): the requests read again; an acceptance
 * also changes the circle's size and members, all under the circle's key.
 */
function useRequestDecision(mutationFn: (v: { slug: string; userId: string }) => Promise<unknown>, accepted: boolean) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: (_data, _err, { slug }) => void qc.invalidateQueries({ queryKey: accepted ? circleKeys.circle(slug) : circleKeys.requests(slug) }),
  });
}

export const useAcceptCircleRequest = () => useRequestDecision(acceptCircleRequest, true);
export const useDeclineCircleRequest = () => useRequestDecision(declineCircleRequest, false);
