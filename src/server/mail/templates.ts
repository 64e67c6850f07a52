import type { MailMessage } from "./mailer.ts";

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function layout(siteName: string, heading: string, body: string, link: string, action: string): string {
  const site = escapeHtml(siteName);
  return `<!doctype html><html><body style="font-family:Georgia,serif;background:#faf7f0;color:#2b2620;padding:24px">
<div style="max-width:480px;margin:auto"><p style="font-size:20px">${site}</p><h1 style="font-size:22px;font-weight:normal">${escapeHtml(heading)}</h1>
<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}" style="color:#7a3e12">${escapeHtml(action)}</a></p>
<p style="color:#6b645a;font-size:13px">If the button does not work, paste this address into your browser:<br>${escapeHtml(link)}</p></div></body></html>`;
}

export function resetPasswordMail(siteName: string, to: string, link: string): MailMessage {
  const body = "Someone asked to reset the password of your account. If it was you, set a new password with the link below; it works once, for one hour. If it was not you, ignore this email.";
  return {
    to,
    subject: `Reset your ${siteName} password`,
    text: `${body}\n\n${link}\n`,
    html: layout(siteName, "Reset your password", body, link, "Set a new password"),
    link,
  };
}

export function verifyEmailMail(siteName: string, to: string, link: string): MailMessage {
  const body = `Welcome to the club. Please confirm that this address is yours. You can keep writing while you wait; confirming just lets us reach you with your monthly collection.`;
  return {
    to,
    subject: `Confirm your email for ${siteName}`,
    text: `${body}\n\n${link}\n`,
    html: layout(siteName, "Confirm your email", body, link, "Confirm my email"),
    link,
  };
}
