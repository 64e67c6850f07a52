import { useId } from "react";
import { Link } from "react-router";
import { formatDateAtTime } from "#shared/domain/format.ts";
import type { NotificationItem } from "#shared/schemas/notifications.ts";
import { paths } from "#client/config/paths.ts";
import { Button } from "#client/components/ui/button.tsx";
import { EmptyState, ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useMarkAllRead, useMarkRead, useNotifications } from "../api/notifications.ts";

/** Where a notification leads: its write-in (a reminder), its circle (who joined, a new prompt, new pieces), its piece, my profile for an achievement, nowhere for a deleted piece. */
export function hrefOf(n: NotificationItem): string | null {
  if (n.writeInId) return paths.writeIn.href(n.writeInId);
  if (n.circleSlug) return paths.circle.href(n.circleSlug);
  if (n.pieceId) return paths.submission.href(n.pieceId);
  return n.kind === "achievement" ? paths.profile.href() : null;
}

function Entry({ n, onOpen }: { n: NotificationItem; onOpen: (n: NotificationItem) => void }) {
  const href = hrefOf(n);
  const text = (
    <>
      {!n.read && <span className="sr-only">Unread: </span>}
      {n.message}
    </>
  );
  return (
    <li className={`flex gap-3 px-4 py-3 ${n.read ? "" : "bg-accent-soft/60"}`}>
      <span aria-hidden="true" className={`mt-2 h-2 w-2 shrink-0 rounded-full ${n.read ? "bg-transparent" : "bg-accent"}`} />
      <div className="min-w-0 flex-1">
        <p className={`break-words ${n.read ? "text-ink" : "font-medium text-ink"}`}>
          {href ? (
            <Link to={href} onClick={() => onOpen(n)} className="underline-offset-4 hover:text-accent hover:underline">
              {text}
            </Link>
          ) : (
            text
          )}
        </p>
        <p className="mt-1 text-sm text-muted">
          <time dateTime={n.updatedAt}>{formatDateAtTime(n.updatedAt)}</time>
        </p>
      </div>
    </li>
  );
}

/** /notifications: mine, newest first, unread ones marked; "Mark all as read"; more on demand. */
export function NotificationList() {
  const headingId = useId();
  const list = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const toast = useToast();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const anyUnread = items.some((n) => !n.read);
  const open = (n: NotificationItem) => {
    if (!n.read) markRead.mutate(n.id);
  };

  const body = list.isPending ? (
    <LoadingState label="Loading your notifications..." />
  ) : list.isError ? (
    <ErrorState title="Your notifications could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
  ) : items.length === 0 ? (
    <EmptyState title="No notifications yet">When someone comments on or likes your pieces, or an editor picks one, you will hear of it here.</EmptyState>
  ) : (
    <>
      <ul aria-labelledby={headingId} className="divide-y divide-line overflow-hidden rounded-lg border border-line bg-card">
        {items.map((n) => (
          <Entry key={n.id} n={n} onOpen={open} />
        ))}
      </ul>
      {list.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="text" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? "Loading..." : "show more"}
          </Button>
        </div>
      )}
    </>
  );

  return (
    <section aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={headingId} className="font-serif text-3xl sm:text-4xl">
          Notifications
        </h1>
        {anyUnread && (
          <Button
            variant="secondary"
            disabled={markAll.isPending}
            onClick={() => markAll.mutate(undefined, { onError: (err) => toast.error(errorMessage(err)) })}
          >
            Mark all as read
          </Button>
        )}
      </div>
      <div className="mt-6">{body}</div>
    </section>
  );
}
