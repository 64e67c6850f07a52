import { RequireUser } from "#client/app/guards.tsx";
import { SettingsPage } from "#client/components/layout/settings-page.tsx";
import { ExportData } from "#client/features/data/components/export-data.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/**
 * /settings/data, "Your data" (issue 15): a page of sections, one per feature — export here;
 * import joins it as a section of its own.
 */
function YourData() {
  useDocumentTitle("Your data", "Export your writing and your data.");
  return (
    <SettingsPage title="Your data" lead="Everything you write here is yours to take with you.">
      <ExportData />
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
