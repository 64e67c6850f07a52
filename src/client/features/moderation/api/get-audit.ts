import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { AuditQuery } from "#shared/schemas/moderation.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { moderationKeys } from "./keys.ts";

export type AuditFilters = Omit<AuditQuery, "cursor">;

export const getAudit = (filters: AuditFilters, cursor: string | null) => {
  const query: AuditQuery = {};
  if (filters.adminId) query.adminId = filters.adminId;
  if (filters.writerId) query.writerId = filters.writerId;
  if (filters.action) query.action = filters.action;
  if (cursor) query.cursor = cursor;
  return unwrap(api.api.admin.audit.$get({ query }));
};

export const getAuditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: moderationKeys.audit(filters),
    queryFn: ({ pageParam }) => getAudit(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });

/** The audit log, newest first, 50 lines at a time. */
export const useAudit = (filters: AuditFilters) => useInfiniteQuery(getAuditQueryOptions(filters));
