import { Page } from "#client/components/layout/app-shell.tsx";
import { RequireAdmin } from "#client/app/guards.tsx";
import { AdminHeader } from "#client/features/admin/components/admin-header.tsx";
import { AuditLog } from "#client/features/moderation/components/audit-log.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** /admin/audit: the audit log (issue 13), read only. */
export function Component() {
  useDocumentTitle("Audit log");
  return (
    <RequireAdmin>
      <Page>
        <AdminHeader title="Audit log" subtitle="Every moderation action and featuring, on the record." />
        <AuditLog />
      </Page>
    </RequireAdmin>
  );
}
