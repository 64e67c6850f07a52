import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CircleMembersPage } from "#shared/schemas/circles.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { circleKeys, pathParams } from "./keys.ts";

/** GET /api/circles/:slug/members?cursor= */
export const getCircleMembers = (slug: string, cursor: string | null): Promise<CircleMembersPage> =>
  unwrap(api.api.circles[":slug"].members.$get({ param: { slug }, query: cursor ? { cursor } : {} }));

export const getCircleMembersQueryOptions = (slug: string) =>
  infiniteQueryOptions({
    queryKey: circleKeys.members(slug),
    queryFn: ({ pageParam }) => getCircleMembers(slug, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useCircleMembers = (slug: string) => useInfiniteQuery(getCircleMembersQueryOptions(slug));

/** PATCH /api/circles/:slug/members/:userId (owner): make or unmake a moderator. */
export const setMemberRole = ({ slug, userId, role }: { slug: string; userId: string; role: "moderator" | "member" }) =>
  unwrap(api.api.circles[":slug"].members[":userId"].$patch({ param: pathParams({ slug, userId }), json: { role } }));

/** DELETE /api/circles/:slug/members/:userId: leave (myself) or remove (moderators); `ban`: and never let them back in. */
export const removeMember = ({ slug, userId, ban = false }: { slug: string; userId: string; ban?: boolean }) =>
  unwrap(api.api.circles[":slug"].members[":userId"].$delete({ param: pathParams({ slug, userId }), query: ban ? { ban: "1" } : {} }));

/** POST /api/circles/:slug/owner (owner): hand the circle over; I become a moderator. */
export const transferOwner = ({ slug, userId }: { slug: string; userId: string }) =>
  unwrap(api.api.circles[":slug"].owner.$post({ param: { slug }, json: { userId } }));

/** After any change of who is in the circle and in which role: the circle, its members and my list read again. */
function useMemberChange<V extends { slug: string }>(mutationFn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, { slug }) => {
      void qc.invalidateQueries({ queryKey: circleKeys.circle(slug) });
      void qc.invalidateQueries({ queryKey: circleKeys.mine });
    },
  });
}

export const useSetMemberRole = () => useMemberChange(setMemberRole);
export const useRemoveMember = () => useMemberChange(removeMember);
export const useTransferOwner = () => useMemberChange(transferOwner);
