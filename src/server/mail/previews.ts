import type { MailMessage } from "./mailer.ts";
import type { MailSite } from "./templates/layout.tsx";
import { resetPasswordMail, verifyEmailMail } from "./templates.ts";

export interface MailPreview {
  name: string;
  render(site: MailSite): Promise<MailMessage>;
}

/** Every email the app sends, with sample data, for `npm run mail:preview`. */
export const MAIL_PREVIEWS: MailPreview[] = [
  { name: "confirm-email", render: (site) => verifyEmailMail(site, "ada@example.com", `${site.appUrl}/api/auth/verify-email?token=sample`) },
  { name: "reset-password", render: (site) => resetPasswordMail(site, "ada@example.com", `${site.appUrl}/reset-password?token=sample`) },
];
