import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { CircleAccent } from "#shared/domain/circles.ts";
import type { CircleResponse } from "#shared/schemas/circles.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { circleKeys } from "./keys.ts";

/** GET /api/circles/:slug (members only; anyone else gets 404). Opening it marks its pieces seen. */
export const getCircle = (slug: string): Promise<CircleResponse> => unwrap(api.api.circles[":slug"].$get({ param: { slug } }));

export const getCircleQueryOptions = (slug: string) => queryOptions({ queryKey: circleKeys.circle(slug), queryFn: () => getCircle(slug) });

export function useCircle(slug: string) {
  const qc = useQueryClient();
  const query = useQuery(getCircleQueryOptions(slug));
  // Opened: its "N new" on the list of my circles is out of date, read again when next shown.
  const { dataUpdatedAt } = query;
  useEffect(() => {
    if (dataUpdatedAt) void qc.invalidateQueries({ queryKey: circleKeys.mine, refetchType: "none" });
  }, [dataUpdatedAt, qc]);
  return query;
}

/** DELETE /api/circles/:slug (owner): the name typed again guards against a slip. */
export const deleteCircle = ({ slug, confirmName }: { slug: string; confirmName: string }) =>
  unwrap(api.api.circles[":slug"].$delete({ param: { slug }, json: { confirmName } }));

export function useDeleteCircle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteCircle,
    onSuccess: (_data, { slug }) => {
      qc.removeQueries({ queryKey: circleKeys.circle(slug) });
      void qc.invalidateQueries({ queryKey: circleKeys.mine });
    },
  });
}

/** The circle as the server now has it: shown at once, and my list of circles read again. */
function useCircleChange<V extends { slug: string }>(mutationFn: (v: V) => Promise<CircleResponse>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, { slug }) => {
      qc.setQueryData(circleKeys.circle(slug), data);
      void qc.invalidateQueries({ queryKey: circleKeys.mine });
    },
  });
}

export interface CircleDetails {
  name: string;
  description: string | null;
  accent: CircleAccent;
}

/** PATCH /api/circles/:slug (owner and moderators): its name, description and colour, and whether joining waits for approval. */
export const updateCircle = ({ slug, ...json }: CircleDetails & { slug: string; requiresApproval?: boolean }): Promise<CircleResponse> =>
  unwrap(api.api.circles[":slug"].$patch({ param: { slug }, json }));

/** PUT /api/circles/:slug/mute: none of the circle's notifications reach me (or they do again). */
export const setCircleMuted = ({ slug, muted }: { slug: string; muted: boolean }): Promise<CircleResponse> =>
  unwrap(api.api.circles[":slug"].mute.$put({ param: { slug }, json: { muted } }));

export const useUpdateCircle = () => useCircleChange(updateCircle);
export const useSetCircleMuted = () => useCircleChange(setCircleMuted);
