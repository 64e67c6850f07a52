import { useSearchParams } from "react-router";
import { Page } from "#client/components/layout/app-shell.tsx";
import { MailLinkResult } from "#client/features/settings/components/mail-link-result.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** /keep-reminding?token=: "Keep reminding me" from the reminder that asked after 14 days without writing. */
export function Component() {
  useDocumentTitle("Keep reminding me");
  const [params] = useSearchParams();
  return (
    <Page>
      <MailLinkResult action="keep-reminding" token={params.get("token")} />
    </Page>
  );
}
