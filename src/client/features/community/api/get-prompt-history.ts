import { queryOptions, useQuery } from "@tanstack/react-query";
import { COMMUNITY_STALE_MS } from "#shared/constants.ts";
import type { PromptHistory } from "#shared/schemas/community.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { communityKeys } from "./keys.ts";

/** fetchPromptHistory(): the prompt filter's options with public response counts. */
export const getPromptHistory = (signal?: AbortSignal): Promise<PromptHistory> => unwrap(api.api.community.prompts.$get(undefined, { init: { signal } }));

export const getPromptHistoryQueryOptions = () =>
  queryOptions({ queryKey: communityKeys.prompts, queryFn: ({ signal }) => getPromptHistory(signal), staleTime: COMMUNITY_STALE_MS });

export const usePromptHistory = () => useQuery(getPromptHistoryQueryOptions());
