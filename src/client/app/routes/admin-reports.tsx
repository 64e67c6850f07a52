import { Page } from "#client/components/layout/app-shell.tsx";
import { RequireAdmin } from "#client/app/guards.tsx";
import { AdminHeader } from "#client/features/admin/components/admin-header.tsx";
import { OpenReportCount } from "#client/features/moderation/components/open-report-count.tsx";
import { ReportQueue } from "#client/features/moderation/components/report-queue.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** /admin/reports: the report queue (issue 13). */
export function Component() {
  useDocumentTitle("Reports");
  return (
    <RequireAdmin>
      <Page>
        <AdminHeader title="Reports" subtitle={<>Open reports<OpenReportCount /></>} />
        <ReportQueue />
      </Page>
    </RequireAdmin>
  );
}
