import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CircleResponse, CreateCircleInput } from "#shared/schemas/circles.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { circleKeys } from "./keys.ts";

/** POST /api/circles: a new circle, with me as its owner. */
export const createCircle = (input: CreateCircleInput): Promise<CircleResponse> => unwrap(api.api.circles.$post({ json: input }));

export function useCreateCircle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCircle,
    onSuccess: ({ circle }) => {
      qc.setQueryData(circleKeys.circle(circle.slug), { circle });
      void qc.invalidateQueries({ queryKey: circleKeys.mine });
    },
  });
}
