import { RequireUser } from "#client/app/guards.tsx";
import { Page } from "#client/components/layout/app-shell.tsx";
import { SettingsPageTitle } from "#client/features/settings/components/settings-page-title.tsx";
import { NotificationPrefsSection } from "#client/features/settings/components/notification-prefs-form.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** /settings/notifications: which emails come, the reminder's hour, the digest, the time zone (issue 14 item 7). */
function NotificationSettings() {
  useDocumentTitle("Email settings", "Choose the emails you get.");
  return (
    <Page>
      <SettingsPageTitle title="Email settings" />
      <p className="mt-2 text-muted">Every email has an unsubscribe link too; nothing we send tracks whether you opened it.</p>
      <div className="mt-6">
        <NotificationPrefsSection />
      </div>
    </Page>
  );
}

export function Component() {
  return (
    <RequireUser>
      <NotificationSettings />
    </RequireUser>
  );
}
