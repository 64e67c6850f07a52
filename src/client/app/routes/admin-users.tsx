import { Page } from "#client/components/layout/app-shell.tsx";
import { RequireAdmin } from "#client/app/guards.tsx";
import { UsersDatabase } from "#client/features/admin/components/users-database.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

export function Component() {
  useDocumentTitle("Users");
  return (
    <RequireAdmin>
      <Page wide>
        <UsersDatabase />
      </Page>
    </RequireAdmin>
  );
}
