import { Link } from "react-router";
import { RequireUser } from "#client/app/guards.tsx";
import { paths } from "#client/config/paths.ts";
import { Page } from "#client/components/layout/app-shell.tsx";
import { ImportArchive } from "#client/features/settings/components/import-archive.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** /settings/import: import a Markdown archive or .md/.txt files (issue 15 item 2; moves onto /settings/data at merge). */
function ImportSettings() {
  useDocumentTitle("Import your writing", "Bring your writing into your portfolio.");
  return (
    <Page>
      <p className="text-sm">
        <Link to={paths.settings.href()} className="text-muted underline-offset-4 hover:underline">
          Settings
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl sm:text-4xl">Import</h1>
      <ImportArchive />
    </Page>
  );
}

export function Component() {
  return (
    <RequireUser>
      <ImportSettings />
    </RequireUser>
  );
}
