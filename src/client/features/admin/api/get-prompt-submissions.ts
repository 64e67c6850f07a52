import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { PromptSubmissionsPage } from "#shared/schemas/admin.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { adminKeys } from "./keys.ts";

export const getPromptSubmissions = async (promptId: string, cursor: string | null): Promise<PromptSubmissionsPage> =>
  unwrap(api.api.admin.prompts[":id"].submissions.$get({ param: { id: promptId }, query: cursor ? { cursor } : {} }));

export const getPromptSubmissionsQueryOptions = (promptId: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.promptSubmissions(promptId),
    queryFn: ({ pageParam }) => getPromptSubmissions(promptId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The public pieces answering one prompt, newest first. */
export const usePromptSubmissions = (promptId: string | null) =>
  useInfiniteQuery({ ...getPromptSubmissionsQueryOptions(promptId ?? ""), enabled: Boolean(promptId) });
