import { createElement } from "react";
import type { MailMessage } from "./mailer.ts";
import { oneClickHeaders } from "./outbox.ts";
import { DigestMail, type DigestLine } from "./templates/digest.tsx";
import type { MailSite } from "./templates/layout.tsx";
import { renderParts } from "./templates/render.ts";
import { unsubscribeLinks } from "./unsubscribe-token.ts";

/**
 * One unread notification as the digest reads it: the contract of the `notifications` table
 * (issue 14 item 6, built on the wp14-notif branch): kind, the piece it is about, its data, the
 * batched count ("5 people liked …") and when it last changed.
 */
export interface DigestItem {
  kind: string;
  submissionId: string | null;
  data: Record<string, unknown>;
  count: number;
  updatedAt: Date;
}

/** At most this many lines; the rest are counted ("…and 4 more"). */
export const DIGEST_LINES = 20;

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);

/**
 * A line in words. Names only what a notification may name: a piece's title and the label a
 * comment is signed with, never who liked. (At merge: prefer the bell's own wording if it has one.)
 */
export function describeNotification(item: DigestItem): string {
  const piece = str(item.data.title) ? `“${str(item.data.title)}”` : "your piece";
  switch (item.kind) {
    case "like":
      return item.count > 1 ? `${item.count} people liked ${piece}` : `Someone liked ${piece}`;
    case "comment":
      return item.count > 1 ? `${item.count} new comments on ${piece}` : `${str(item.data.label) ?? "Someone"} commented on ${piece}`;
    case "pick":
    case "featured":
      return `${piece[0]!.toUpperCase()}${piece.slice(1)} was chosen as an Editors' Pick`;
    case "achievement":
      return `You reached an achievement: ${str(item.data.name) ?? str(item.data.title) ?? "well done"}`;
    case "moderation":
      return `A moderator made a decision about ${piece}`;
    default:
      return "Something new for you";
  }
}

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
    text: describeNotification(item),
    url: item.submissionId ? `${site.appUrl}/submission/${encodeURIComponent(item.submissionId)}` : `${site.appUrl}/notifications`,
  }));
  const heading = total === 1 ? "1 unread notification" : `${total} unread notifications`;
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
