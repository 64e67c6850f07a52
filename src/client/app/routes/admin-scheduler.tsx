import { Page } from "#client/components/layout/app-shell.tsx";
import { RequireAdmin } from "#client/app/guards.tsx";
import { WeeklyScheduler } from "#client/features/admin/components/weekly-scheduler.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

export function Component() {
  useDocumentTitle("Weekly Scheduler");
  return (
    <RequireAdmin>
      <Page wide>
        <WeeklyScheduler />
      </Page>
    </RequireAdmin>
  );
}
