import { useParams } from "react-router";
import { Page } from "#client/components/layout/app-shell.tsx";
import { InviteView } from "#client/features/circles/components/invite-view.tsx";
import { useMe } from "#client/lib/get-me.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** /join/:code: an invite link to a circle; open to visitors, who sign in or sign up to join. */
export function Component() {
  const { code = "" } = useParams();
  const { data: me } = useMe();
  useDocumentTitle("Join a circle", "You are invited to a private writing circle.");
  return (
    <Page>
      <InviteView key={code} code={code} signedIn={Boolean(me)} />
    </Page>
  );
}
