import { Page } from "#client/components/layout/app-shell.tsx";
import { RequireAdmin } from "#client/app/guards.tsx";
import { AdminHeader } from "#client/features/admin/components/admin-header.tsx";
import { JobsDashboard } from "#client/features/admin/components/jobs-dashboard.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** /admin/jobs: the job queue behind the emails (issue 14 item 1). */
export function Component() {
  useDocumentTitle("Jobs & emails");
  return (
    <RequireAdmin>
      <Page>
        <AdminHeader title="Jobs & emails" subtitle="Scheduled emails, deliveries and housekeeping: what waits, what ran, what failed." />
        <JobsDashboard />
      </Page>
    </RequireAdmin>
  );
}
