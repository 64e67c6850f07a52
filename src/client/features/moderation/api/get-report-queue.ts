import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api-client.ts";
import { useLiveEvents } from "#client/lib/live-events.ts";
import { moderationKeys } from "./keys.ts";

export type QueueView = "open" | "hidden";

export const getReportQueue = (view: QueueView, cursor: string | null) => unwrap(api.api.admin.reports.$get({ query: cursor ? { view, cursor } : { view } }));

export const getReportQueueQueryOptions = (view: QueueView) =>
  infiniteQueryOptions({
    queryKey: moderationKeys.queueView(view),
    queryFn: ({ pageParam }) => getReportQueue(view, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Items with open reports, the newest report first (or hidden items), 20 at a time. */
export const useReportQueue = (view: QueueView) => useInfiniteQuery(getReportQueueQueryOptions(view));

export const getOpenReportCount = () => unwrap(api.api.admin.reports.count.$get());

export const getOpenReportCountQueryOptions = () => queryOptions({ queryKey: moderationKeys.openCount(), queryFn: getOpenReportCount });

/** Open reports in all (admins only), kept live: "reports:changed" reaches admins' streams only. */
export function useOpenReportCount(enabled = true) {
  useModerationLive();
  return useQuery({ ...getOpenReportCountQueryOptions(), enabled });
}

/** The queue and its count reload when reports are filed or acted on (by any admin). */
export function useModerationLive() {
  const qc = useQueryClient();
  useLiveEvents((m) => {
    if (m.type === "reports:changed" || m.type === "stale") {
      void qc.invalidateQueries({ queryKey: moderationKeys.openCount() });
      void qc.invalidateQueries({ queryKey: moderationKeys.queue() });
    }
  });
}
