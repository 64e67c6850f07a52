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
      <LinkButton to={paths.settingsAccount.href()} variant="secondary" className="mt-6 ml-3">
        Account
      </LinkButton>
      <LinkButton to={paths.settingsImport.href()} variant="secondary" className="mt-6 ml-3">
        Import your writing
      </LinkButton>
      <BlockedWriters />
      <LinkButton to={paths.settingsAccountDelete.href()} variant="ghost" className="mt-10">Delete my account</LinkButton>
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
