import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProfileResponse } from "#shared/schemas/portfolio.ts";
import type { Me } from "#shared/schemas/auth.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { meQueryKey } from "#client/lib/get-me.ts";

export const updateProfile = (input: { name: string; alias: string }): Promise<ProfileResponse> =>
  unwrap(api.api.me.profile.$patch({ json: { name: input.name, alias: input.alias } }));

/** Update profile (name, alias); the signed-in user everywhere picks it up at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData<Me | null>(meQueryKey, (me) => (me ? { ...me, ...profile } : me));
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
