import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AdminUserDetail } from "#shared/schemas/admin.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { adminKeys } from "./keys.ts";

export const getAdminUser = async (id: string, cursor: string | null): Promise<AdminUserDetail> =>
  unwrap(api.api.admin.users[":id"].$get({ param: { id }, query: cursor ? { cursor } : {} }));

export const getAdminUserQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ pageParam }) => getAdminUser(id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** One writer and their pieces (private ones without their words), 50 pieces at a time. */
export const useAdminUser = (id: string | null) => useInfiniteQuery({ ...getAdminUserQueryOptions(id ?? ""), enabled: Boolean(id) });
