import { createElement } from "react";
import type { MailMessage } from "./mailer.ts";
import type { ActionMailProps } from "./templates/account.tsx";
import type { MailSite } from "./templates/layout.tsx";
import { renderParts } from "./templates/render.ts";

/** The account emails' one template, loaded with the first of them (its components weigh ~30 MB; issue 26 item 1). */
async function actionMail(props: ActionMailProps): Promise<{ html: string; text: string }> {
  const { ActionMail } = await import("./templates/account.tsx");
  return renderParts(createElement(ActionMail, props));
}

export async function resetPasswordMail(site: MailSite, to: string, link: string): Promise<MailMessage> {
  const body =
    "Someone asked to reset the password of your account. If it was you, set a new password with the link below; it works once, for one hour. If it was not you, ignore this email.";
  const parts = await actionMail({ ...site, heading: "Reset your password", body, action: "Set a new password", url: link, reason: `You got this because a password reset was asked for your ${site.siteName} account.` });
  return { to, subject: `Reset your ${site.siteName} password`, ...parts, link };
}

export async function verifyEmailMail(site: MailSite, to: string, link: string): Promise<MailMessage> {
  const body = "Welcome to the club. Please confirm that this address is yours. You can keep writing while you wait; confirming just lets us reach you with your monthly collection.";
  const parts = await actionMail({ ...site, heading: "Confirm your email", body, action: "Confirm my email", url: link, reason: `You got this because this address was used to create an account on ${site.siteName}.` });
  return { to, subject: `Confirm your email for ${site.siteName}`, ...parts, link };
}

/** Sent to the NEW address: following the link is what changes the account's email (and confirms it). */
export async function changeEmailMail(site: MailSite, to: string, link: string): Promise<MailMessage> {
  const body = `Someone asked to use this address for their ${site.siteName} account. If it was you, confirm with the link below; your email changes only when you do, and the link works for three days. If it was not you, ignore this email and nothing changes.`;
  const parts = await actionMail({ ...site, heading: "Confirm your new email", body, action: "Use this email", url: link, reason: `You got this because this address was given as the new email of a ${site.siteName} account.` });
  return { to, subject: `Confirm your new email for ${site.siteName}`, ...parts, link };
}

/** Sent to the OLD address when a change is asked for: the new one shown masked (shared/domain/device.ts maskEmail). */
export async function emailChangingMail(site: MailSite, to: string, maskedNewEmail: string): Promise<MailMessage> {
  const link = `${site.appUrl}/forgot-password`;
  const body = `Someone signed in to your account asked to change its email to ${maskedNewEmail}. The change happens only when the link we sent to that address is followed. If it was you, there is nothing to do. If it was not you, set a new password now: that signs everyone else out and cancels the change.`;
  const parts = await actionMail({ ...site, heading: `Your ${site.siteName} email is changing`, body, action: "Set a new password", url: link, reason: `You got this because it is the email of your ${site.siteName} account.` });
  return { to, subject: `Your ${site.siteName} email is changing to ${maskedNewEmail}`, ...parts, link };
}

/** A circle's invitation by email (issue 29 item 2): who invites, to which circle, and the invite link. */
export async function circleInviteMail(site: MailSite, to: string, inviter: string, circle: string, link: string, days: number): Promise<MailMessage> {
  const body = `${inviter} invites you to write with ${circle}, a circle on ${site.siteName}: a small group that shares its pieces, and sometimes its own prompts, among its members. The link below works for ${days} ${days === 1 ? "day" : "days"}.`;
  const parts = await actionMail({ ...site, heading: `Join ${circle}`, body, action: "See the invitation", url: link, reason: `You got this because ${inviter} entered this address to invite you to a circle on ${site.siteName}. Nothing happens unless you follow the link.` });
  return { to, subject: `${inviter} invites you to ${circle} on ${site.siteName}`, ...parts, link };
}
