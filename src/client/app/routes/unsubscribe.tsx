import { useSearchParams } from "react-router";
import { Page } from "#client/components/layout/app-shell.tsx";
import { MailLinkResult } from "#client/features/settings/components/mail-link-result.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** /unsubscribe?token=: an email's unsubscribe link; works signed out (the token is the authority). */
export function Component() {
  useDocumentTitle("Unsubscribe");
  const [params] = useSearchParams();
  return (
    <Page>
      <MailLinkResult action="unsubscribe" token={params.get("token")} />
    </Page>
  );
}
