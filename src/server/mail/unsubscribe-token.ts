import { createHmac, timingSafeEqual } from "node:crypto";

/** The emails a writer can turn off from the email itself. */
export const UNSUBSCRIBABLE = ["weekly", "monthly", "reminder", "digest", "write-in"] as const;
export type MailKind = (typeof UNSUBSCRIBABLE)[number];

function mac(secret: string, body: string): string {
  return createHmac("sha256", `${secret}:unsubscribe`).update(body).digest("base64url").slice(0, 32);
}

/**
 * A link token that turns one kind of email off for one writer without signing in (RFC 8058):
 * "<kind>.<user id>.<signature>". It does not expire: an old email's link still works.
 */
export function unsubscribeToken(secret: string, userId: string, kind: MailKind): string {
  const body = `${kind}.${userId}`;
  return `${body}.${mac(secret, body)}`;
}

export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: MailKind } | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [kind, userId, signature] = parts as [string, string, string];
  if (!(UNSUBSCRIBABLE as readonly string[]).includes(kind)) return null;
  if (!/^[0-9a-f-]{36}$/.test(userId)) return null;
  const expected = Buffer.from(mac(secret, `${kind}.${userId}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as MailKind };
}

/**
 * The two unsubscribe addresses of an email: `page` for the footer link (a page that confirms and
 * offers to undo) and `oneClick` for the List-Unsubscribe header (a POST that needs no session).
 */
export function unsubscribeLinks(appUrl: string, secret: string, userId: string, kind: MailKind): { page: string; oneClick: string } {
  const token = encodeURIComponent(unsubscribeToken(secret, userId, kind));
  return { page: `${appUrl}/unsubscribe?token=${token}`, oneClick: `${appUrl}/api/mail/unsubscribe?token=${token}` };
}
