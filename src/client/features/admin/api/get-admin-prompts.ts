import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AdminPromptsPage } from "#shared/schemas/admin.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { adminKeys } from "./keys.ts";

export const getAdminPrompts = async (cursor: string | null): Promise<AdminPromptsPage> =>
  unwrap(api.api.admin.prompts.$get({ query: cursor ? { cursor } : {} }));

export const getAdminPromptsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.prompts(),
    queryFn: ({ pageParam }) => getAdminPrompts(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Prompts newest date first, 50 at a time. */
export const useAdminPrompts = () => useInfiniteQuery(getAdminPromptsQueryOptions());
