import { useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api-client.ts";
import type { FeaturedResponse, PromptSubmissionsPage } from "#shared/schemas/admin.ts";
import { adminKeys } from "./keys.ts";

export interface SetFeaturedInput {
  id: string;
  isFeatured: boolean;
}

export const setFeatured = async ({ id, isFeatured }: SetFeaturedInput): Promise<FeaturedResponse> =>
  unwrap(api.api.admin.submissions[":id"].featured.$put({ param: { id }, json: { isFeatured } }));

/** Adds a piece to the Editor's Picks or removes it; every list that shows the flag refreshes. */
export function useSetFeatured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFeatured,
    onSuccess: ({ submission }) => {
      // Show the new flag at once, so the next click toggles from what the server now holds.
      queryClient.setQueriesData<InfiniteData<PromptSubmissionsPage>>({ queryKey: adminKeys.promptSubmissionsAll() }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                submissions: page.submissions.map((s) =>
                  s.id === submission.id ? { ...s, isFeatured: submission.isFeatured, featuredAt: submission.featuredAt } : s,
                ),
              })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.promptSubmissionsAll() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.podium() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.publicPodium() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.userAll() });
    },
  });
}
