import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { AdminUsersPage } from "#shared/schemas/admin.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { adminKeys } from "./keys.ts";

export const getAdminUsers = async (q: string, cursor: string | null): Promise<AdminUsersPage> => {
  const query: { q?: string; cursor?: string } = {};
  if (q) query.q = q;
  if (cursor) query.cursor = cursor;
  return unwrap(api.api.admin.users.$get({ query }));
};

export const getAdminUsersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.users(q),
    queryFn: ({ pageParam }) => getAdminUsers(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });

/** Writers newest first, searched on the server by name, alias or email; 50 at a time. */
export const useAdminUsers = (q: string) => useInfiniteQuery(getAdminUsersQueryOptions(q));
