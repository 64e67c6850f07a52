import { Page } from "#client/components/layout/app-shell.tsx";
import { MailLinkResult } from "#client/features/settings/components/mail-link-result.tsx";

/** /keep-reminding?token=: "Keep reminding me" from the reminder that asked after 14 days without writing. */
export function Component() {
  return (
    <Page>
      <MailLinkResult action="keep-reminding" />
    </Page>
  );
}
