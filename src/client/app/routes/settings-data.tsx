import { RequireUser } from "#client/app/guards.tsx";
import { SettingsPage } from "#client/components/layout/settings-page.tsx";
import { ExportData } from "#client/features/data/components/export-data.tsx";
import { ImportArchive } from "#client/features/settings/components/import-archive.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/**
 * /settings/data, "Your data" (issue 15 items 1 and 2): a page of sections, one per feature —
 * export, then import.
 */
function YourData() {
  useDocumentTitle("Your data", "Export your writing and your data, or import writing.");
  return (
    <SettingsPage title="Your data" lead="Everything you write here is yours to take with you.">
      <ExportData />
      <ImportArchive />
    </SettingsPage>
  );
}

export function Component() {
  return (
    <RequireUser>
      <YourData />
    </RequireUser>
  );
}
