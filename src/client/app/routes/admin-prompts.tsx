import { Page } from "#client/components/layout/app-shell.tsx";
import { RequireAdmin } from "#client/app/guards.tsx";
import { PromptsDatabase } from "#client/features/admin/components/prompts-database.tsx";
import { useDeletePieceDialog } from "#client/features/piece/components/delete-piece-dialog.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

export function Component() {
  useDocumentTitle("Prompts");
  const remove = useDeletePieceDialog();
  return (
    <RequireAdmin>
      <Page wide>
        <PromptsDatabase onDeletePiece={remove.ask} />
        {remove.dialog}
      </Page>
    </RequireAdmin>
  );
}
