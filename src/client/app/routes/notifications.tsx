import { RequireUser } from "#client/app/guards.tsx";
import { Page } from "#client/components/layout/app-shell.tsx";
import { NotificationList } from "#client/features/notifications/components/notification-list.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** /notifications: the writer's own notifications (issue 14 item 6). */
function Notifications() {
  useDocumentTitle("Notifications", "Your notifications.");
  return (
    <Page>
      <NotificationList />
    </Page>
  );
}

export function Component() {
  return (
    <RequireUser>
      <Notifications />
    </RequireUser>
  );
}
