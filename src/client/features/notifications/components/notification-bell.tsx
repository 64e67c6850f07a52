import { Link } from "react-router";
import { paths } from "#client/config/paths.ts";
import { useUnreadCount } from "../api/notifications.ts";

/** "Notifications, 3 unread": the bell's accessible name (and tooltip). */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
}

/** The top bar's bell (signed-in only): my unread count, live, and the way to /notifications. */
export function NotificationBell() {
  const { data } = useUnreadCount();
  const unread = data?.unread ?? 0;
  const label = bellLabel(unread);
  return (
    <Link
      to={paths.notifications.href()}
      aria-label={label}
      title={label}
      className="relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-ink hover:bg-accent-soft hover:text-accent"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 && (
        <span aria-hidden="true" className="absolute right-1 top-1 min-w-5 rounded-full bg-accent px-1 text-center text-xs font-medium leading-5 text-accent-ink">
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </Link>
  );
}
