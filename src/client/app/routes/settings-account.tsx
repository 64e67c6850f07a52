import { useId } from "react";
import { useSearchParams } from "react-router";
import { RequireUser } from "#client/app/guards.tsx";
import { SettingsPage } from "#client/components/layout/settings-page.tsx";
import { ChangeEmailForm } from "#client/features/account/components/change-email-form.tsx";
import { ChangePasswordForm } from "#client/features/account/components/change-password-form.tsx";
import { DevicesList } from "#client/features/account/components/devices-list.tsx";
import { EmailLinkResult } from "#client/features/account/components/email-link-result.tsx";
import { UnconfirmedEmailNotice } from "#client/features/account/components/unconfirmed-email-notice.tsx";
import { ProfileNameForm } from "#client/features/portfolio/components/profile-name-form.tsx";
import { useMe } from "#client/lib/get-me.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { DeleteAccountLink } from "#client/features/account-deletion/components/delete-account-link.tsx";

/** /settings/account: name and alias, email, password, signed-in devices (issue 15 item 4). */
function AccountSettings() {
  useDocumentTitle("Account", "Your name, email, password and devices.");
  const nameHeadingId = useId();
  const [params] = useSearchParams();
  const me = useMe().data;
  if (!me) return null;
  return (
    <SettingsPage title="Account" lead="Your name, your email address, your password and where you are signed in.">
      <div className="mt-4">
        <EmailLinkResult email={params.get("email")} error={params.get("error")} />
      </div>
      <UnconfirmedEmailNotice className="mt-4" />
      <section aria-labelledby={nameHeadingId} className="mt-8">
        <h2 id={nameHeadingId} className="font-serif text-2xl">
          Name and alias
        </h2>
        <div className="mt-5">
          <ProfileNameForm key={`${me.fullName}\u0000${me.alias ?? ""}`} fullName={me.fullName} alias={me.alias} />
        </div>
      </section>
      <ChangeEmailForm currentEmail={me.email} />
      <ChangePasswordForm />
      <DevicesList />
      <DeleteAccountLink />
    </SettingsPage>
  );
}

export function Component() {
  return (
    <RequireUser>
      <AccountSettings />
    </RequireUser>
  );
}
