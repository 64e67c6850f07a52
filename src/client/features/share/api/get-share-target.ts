import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ShareLookupResponse } from "#shared/schemas/portfolio.ts";
import { api, unwrap } from "#client/lib/api-client.ts";

/** getSubmissionByShareToken(token): the piece a valid, unexpired link opens. */
export const getShareTarget = (token: string, signal?: AbortSignal): Promise<ShareLookupResponse> =>
  unwrap(api.api.share[":token"].$get({ param: { token } }, { init: { signal } }));

export const getShareTargetQueryOptions = (token: string) =>
  queryOptions({ queryKey: ["share", token], queryFn: ({ signal }) => getShareTarget(token, signal), staleTime: 0, gcTime: 0 });

export const useShareTarget = (token: string, enabled: boolean) => useQuery({ ...getShareTargetQueryOptions(token), enabled });
