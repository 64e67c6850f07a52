import { RequireUser } from "#client/app/guards.tsx";
import { paths } from "#client/config/paths.ts";
import { LinkButton } from "#client/components/ui/button.tsx";
import { Page } from "#client/components/layout/app-shell.tsx";
import { BlockedWriters } from "#client/features/settings/components/blocked-writers.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** /settings: the writer's own settings (their emails, issue 14 item 7; the writers they block, issue 13 item 5). */
function Settings() {
  useDocumentTitle("Settings", "Your settings.");
  return (
    <Page>
      <h1 className="font-serif text-3xl sm:text-4xl">Settings</h1>
      <LinkButton to={paths.settingsNotifications.href()} variant="secondary" className="mt-6">
        Email settings
      </LinkButton>
      <LinkButton to={paths.settingsData.href()} variant="secondary" className="ml-2 mt-6">
        Your data
      </LinkButton>
      <BlockedWriters />
    </Page>
  );
}

export function Component() {
  return (
    <RequireUser>
      <Settings />
    </RequireUser>
  );
}
