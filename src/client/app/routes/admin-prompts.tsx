import { Page } from "#client/components/layout/app-shell.tsx";
import { RequireAdmin } from "#client/app/guards.tsx";
import { PromptsDatabase } from "#client/features/admin/components/prompts-database.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

export function Component() {
  useDocumentTitle("Prompts");
  return (
    <RequireAdmin>
      <Page wide>
        <PromptsDatabase />
      </Page>
    </RequireAdmin>
  );
}
