import { Page } from "#client/components/layout/app-shell.tsx";
import { RequireAdmin } from "#client/app/guards.tsx";
import { PodiumManager } from "#client/features/admin/components/podium-manager.tsx";
import { useDeletePieceDialog } from "#client/features/piece/components/delete-piece-dialog.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

export function Component() {
  useDocumentTitle("Manage Editor's Picks");
  const remove = useDeletePieceDialog();
  return (
    <RequireAdmin>
      <Page>
        <PodiumManager onDeletePiece={remove.ask} />
        {remove.dialog}
      </Page>
    </RequireAdmin>
  );
}
