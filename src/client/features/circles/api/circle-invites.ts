import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CircleInvites, CreatedInvite, CreateInviteInput } from "#shared/schemas/circles.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { circleKeys, pathParams } from "./keys.ts";

/** GET /api/circles/:slug/invites (moderators): newest first. */
export const getCircleInvites = (slug: string): Promise<CircleInvites> => unwrap(api.api.circles[":slug"].invites.$get({ param: { slug } }));

export const getCircleInvitesQueryOptions = (slug: string) => queryOptions({ queryKey: circleKeys.invites(slug), queryFn: () => getCircleInvites(slug) });

export const useCircleInvites = (slug: string, enabled = true) => useQuery({ ...getCircleInvitesQueryOptions(slug), enabled });

/** POST /api/circles/:slug/invites: a new link, its code shown this once. */
export const createCircleInvite = ({ slug, ...json }: CreateInviteInput & { slug: string }): Promise<CreatedInvite> =>
  unwrap(api.api.circles[":slug"].invites.$post({ param: { slug }, json }));

/** DELETE /api/circles/:slug/invites/:id: the link stops working. */
export const revokeCircleInvite = ({ slug, id }: { slug: string; id: string }) => unwrap(api.api.circles[":slug"].invites[":id"].$delete({ param: pathParams({ slug, id }) }));

function useInviteChange<V extends { slug: string }, R>(mutationFn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (_data, { slug }) => void qc.invalidateQueries({ queryKey: circleKeys.invites(slug) }) });
}

export const useCreateCircleInvite = () => useInviteChange(createCircleInvite);
export const useRevokeCircleInvite = () => useInviteChange(revokeCircleInvite);
