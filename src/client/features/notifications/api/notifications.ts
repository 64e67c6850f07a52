import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationList, UnreadCount } from "#shared/schemas/notifications.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { useLiveEvents } from "#client/lib/live-events.ts";

/* The signed-in writer's notifications (issue 14 item 6): the list, the unread count, marking read. */

export const notificationKeys = {
  all: ["notifications"] as const,
  list: ["notifications", "list"] as const,
  unread: ["notifications", "unread"] as const,
};

export const getNotifications = (cursor: string | null): Promise<NotificationList> =>
  unwrap(api.api.notifications.$get({ query: cursor ? { cursor } : {} }));

export const getNotificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** My notifications, newest first, a page at a time. */
export const useNotifications = () => useInfiniteQuery(getNotificationsQueryOptions());

export const getUnreadCount = (): Promise<UnreadCount> => unwrap(api.api.notifications["unread-count"].$get());

export const getUnreadCountQueryOptions = () => queryOptions({ queryKey: notificationKeys.unread, queryFn: getUnreadCount, staleTime: 60_000 });

/**
 * My unread count, kept live: the stream sends the new count when it changes (in any tab, on any
 * server); after a reconnect, which may have missed one, it is read again.
 */
export function useUnreadCount() {
  const qc = useQueryClient();
  useLiveEvents((m) => {
    if (m.type === "notifications") {
      qc.setQueryData<UnreadCount>(notificationKeys.unread, { unread: m.unread });
      void qc.invalidateQueries({ queryKey: notificationKeys.list });
    } else if (m.type === "ready" || m.type === "stale") {
      void qc.invalidateQueries({ queryKey: notificationKeys.all });
    }
  });
  return useQuery(getUnreadCountQueryOptions());
}

function useAfterMarking() {
  const qc = useQueryClient();
  return (count: UnreadCount) => {
    qc.setQueryData<UnreadCount>(notificationKeys.unread, count);
    void qc.invalidateQueries({ queryKey: notificationKeys.list });
  };
}

export const markNotificationRead = (id: string) => unwrap(api.api.notifications[":id"].read.$post({ param: { id } }));

export function useMarkRead() {
  const onSuccess = useAfterMarking();
  return useMutation({ mutationFn: markNotificationRead, onSuccess });
}

export const markAllNotificationsRead = () => unwrap(api.api.notifications["read-all"].$post());

export function useMarkAllRead() {
  const onSuccess = useAfterMarking();
  return useMutation({ mutationFn: markAllNotificationsRead, onSuccess });
}
