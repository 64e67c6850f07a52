import { Page } from "#client/components/layout/app-shell.tsx";
import { RequireAdmin } from "#client/app/guards.tsx";
import { AdminDashboard } from "#client/features/admin/components/admin-dashboard.tsx";
import { ReportsSummary } from "#client/features/moderation/components/reports-summary.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

export function Component() {
  useDocumentTitle("Admin Dashboard");
  return (
    <RequireAdmin>
      <Page>
        <AdminDashboard notices={<ReportsSummary className="mb-8" />} />
      </Page>
    </RequireAdmin>
  );
}
