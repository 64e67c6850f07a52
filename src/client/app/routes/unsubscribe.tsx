import { Page } from "#client/components/layout/app-shell.tsx";
import { MailLinkResult } from "#client/features/settings/components/mail-link-result.tsx";

/** /unsubscribe?token=: an email's unsubscribe link; works signed out (the token is the authority). */
export function Component() {
  return (
    <Page>
      <MailLinkResult action="unsubscribe" />
    </Page>
  );
}
