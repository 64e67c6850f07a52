import { Navigate, useParams } from "react-router";
import { paths } from "#client/config/paths.ts";
import { Page } from "#client/components/layout/app-shell.tsx";
import { LoadingState } from "#client/components/ui/states.tsx";
import { useMe } from "#client/lib/get-me.ts";
import { EditPiece } from "#client/features/piece/components/edit-piece-form.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** /edit/{postId}: the writer edits the private version of their own piece. */
export function Component() {
  useDocumentTitle("Edit your writing", "Edit a piece in your portfolio; the community version stays as it was.");
  const { postId = "" } = useParams();
  const { data: me, isPending } = useMe();
  if (isPending) return <LoadingState label="loading your writing..." />;
  // Spec §2: no user goes to /profile (whose guard then sends a visitor home).
  if (!me) return <Navigate to={paths.profile.href()} replace />;
  return (
    <Page>
      <h1 className="sr-only">Edit your writing</h1>
      <EditPiece id={postId} />
    </Page>
  );
}
