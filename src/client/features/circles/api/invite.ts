import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InvitePreview, JoinedCircle } from "#shared/schemas/circles.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { circleKeys } from "./keys.ts";

/** GET /api/invites/:code: what a holder of the link learns of the circle (visitors too). */
export const getInvitePreview = (code: string): Promise<InvitePreview> => unwrap(api.api.invites[":code"].$get({ param: { code } }));

export const getInvitePreviewQueryOptions = (code: string) =>
  queryOptions({ queryKey: circleKeys.invite(code), queryFn: () => getInvitePreview(code), retry: false });

export const useInvitePreview = (code: string) => useQuery(getInvitePreviewQueryOptions(code));

/** POST /api/invites/:code/accept: I join the circle. */
export const acceptInvite = (code: string): Promise<JoinedCircle> => unwrap(api.api.invites[":code"].accept.$post({ param: { code } }));

export function useAcceptInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: acceptInvite,
    onSuccess: ({ circle }, code) => {
      // A circle that approves joins answers `pending`: no circle yet.
      if (circle) qc.setQueryData(circleKeys.circle(circle.slug), { circle });
      void qc.invalidateQueries({ queryKey: circleKeys.mine });
      void qc.invalidateQueries({ queryKey: circleKeys.invite(code) });
    },
  });
}
