import { RequireUser } from "#client/app/guards.tsx";
import { SettingsPage } from "#client/components/layout/settings-page.tsx";
import { UnconfirmedEmailNotice } from "#client/features/account/components/unconfirmed-email-notice.tsx";
import { NotificationPrefsSection } from "#client/features/settings/components/notification-prefs-form.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** /settings/notifications: which emails come, the reminder's hour, the digest, the time zone (issue 14 item 7). */
function NotificationSettings() {
  useDocumentTitle("Email settings", "Choose the emails you get.");
  return (
    <SettingsPage title="Email settings" lead="Every email has an unsubscribe link too; nothing we send tracks whether you opened it.">
      <UnconfirmedEmailNotice className="mt-6" missed="None of these emails can reach you until your address is confirmed." />
      <div className="mt-6">
        <NotificationPrefsSection />
      </div>
    </SettingsPage>
  );
}

export function Component() {
  return (
    <RequireUser>
      <NotificationSettings />
    </RequireUser>
  );
}
