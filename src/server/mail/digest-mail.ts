import { createElement } from "react";
import type { NotificationItem } from "#shared/schemas/notifications.ts";
import type { MailMessage } from "./mailer.ts";
import { oneClickHeaders } from "./outbox.ts";
import type { DigestLine } from "./templates/digest.tsx";
import type { MailSite } from "./templates/layout.tsx";
import { renderParts } from "./templates/render.ts";
import { unsubscribeLinks } from "./unsubscribe-token.ts";

/** One unread notification as the bell shows it: its sentence (notificationText), the piece it is about, when it last changed. */
export type DigestItem = Pick<NotificationItem, "message" | "pieceId" | "updatedAt">;

/** At most this many lines; the rest are counted ("…and 4 more"). */
export const DIGEST_LINES = 20;

/** The digest email, or null when there is nothing unread (no email then). */
export async function digestMail(
  site: MailSite,
  secret: string,
  to: { email: string; userId: string },
  frequency: "daily" | "weekly",
  items: DigestItem[],
  /** All unread since the last digest (items may be only the newest of them). */
  total = items.length,
): Promise<MailMessage | null> {
  if (items.length === 0 || total === 0) return null;
  const links = unsubscribeLinks(site.appUrl, secret, to.userId, "digest");
  const lines: DigestLine[] = items.slice(0, DIGEST_LINES).map((item) => ({
    text: item.message,
    url: item.pieceId ? `${site.appUrl}/submission/${encodeURIComponent(item.pieceId)}` : `${site.appUrl}/notifications`,
  }));
  const heading = total === 1 ? "1 unread notification" : `${total} unread notifications`;
  // The template loads with the first digest (issue 26 item 1).
  const { DigestMail } = await import("./templates/digest.tsx");
  const parts = await renderParts(
    createElement(DigestMail, {
      ...site,
      heading,
      lines,
      more: Math.max(0, total - lines.length),
      notificationsUrl: `${site.appUrl}/notifications`,
      reason: `You got this because you chose a ${frequency} digest of your unread ${site.siteName} notifications.`,
      unsubscribeUrl: links.page,
    }),
  );
  return { to: to.email, subject: `${heading} on ${site.siteName}`, ...parts, headers: oneClickHeaders(links.oneClick) };
}
