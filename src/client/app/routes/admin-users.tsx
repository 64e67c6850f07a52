import { Page } from "#client/components/layout/app-shell.tsx";
import { RequireAdmin } from "#client/app/guards.tsx";
import { UsersDatabase } from "#client/features/admin/components/users-database.tsx";
import { SuspensionPanel } from "#client/features/moderation/components/suspension-panel.tsx";
import { useDeletePieceDialog } from "#client/features/piece/components/delete-piece-dialog.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

export function Component() {
  useDocumentTitle("Users");
  const remove = useDeletePieceDialog();
  return (
    <RequireAdmin>
      <Page wide>
        <UsersDatabase onDeletePiece={remove.ask} renderUserActions={(user) => <SuspensionPanel key={user.id} userId={user.id} name={user.name} />} />
        {remove.dialog}
      </Page>
    </RequireAdmin>
  );
}
