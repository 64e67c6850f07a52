import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Me } from "#shared/schemas/auth.ts";
import { api, unwrap } from "#client/lib/api-client.ts";

export const getMe = async (): Promise<Me | null> => (await unwrap(api.api.me.$get())).user;

export const meQueryKey = ["me"] as const;

/**
 * After a failure, components mounting later do not refetch on their own (that looped: each
 * failure let the page mount, which refetched and showed the loader again); the shell offers a retry.
 */
export const getMeQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000, retryOnMount: false });

/** The signed-in writer (null for a visitor); `isPending` until the session is known. */
export const useMe = () => useQuery(getMeQueryOptions());
