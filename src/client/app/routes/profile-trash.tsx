import { RequireUser } from "#client/app/guards.tsx";
import { Page } from "#client/components/layout/app-shell.tsx";
import { TrashList } from "#client/features/trash/components/trash-list.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** /profile/trash: the writer's deleted pieces, for 30 days (issue 15 item 3). */
function ProfileTrash() {
  useDocumentTitle("Trash", "Your deleted pieces.");
  return (
    <Page>
      <TrashList />
    </Page>
  );
}

export function Component() {
  return (
    <RequireUser>
      <ProfileTrash />
    </RequireUser>
  );
}
