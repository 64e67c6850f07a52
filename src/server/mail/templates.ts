import { createElement } from "react";
import type { MailMessage } from "./mailer.ts";
import { ActionMail } from "./templates/account.tsx";
import type { MailSite } from "./templates/layout.tsx";
import { renderParts } from "./templates/render.ts";

export async function resetPasswordMail(site: MailSite, to: string, link: string): Promise<MailMessage> {
  const body =
    "Someone asked to reset the password of your account. If it was you, set a new password with the link below; it works once, for one hour. If it was not you, ignore this email.";
  const parts = await renderParts(
    createElement(ActionMail, { ...site, heading: "Reset your password", body, action: "Set a new password", url: link, reason: `You got this because a password reset was asked for your ${site.siteName} account.` }),
  );
  return { to, subject: `Reset your ${site.siteName} password`, ...parts, link };
}

export async function verifyEmailMail(site: MailSite, to: string, link: string): Promise<MailMessage> {
  const body = "Welcome to the club. Please confirm that this address is yours. You can keep writing while you wait; confirming just lets us reach you with your monthly collection.";
  const parts = await renderParts(
    createElement(ActionMail, { ...site, heading: "Confirm your email", body, action: "Confirm my email", url: link, reason: `You got this because this address was used to create an account on ${site.siteName}.` }),
  );
  return { to, subject: `Confirm your email for ${site.siteName}`, ...parts, link };
}
