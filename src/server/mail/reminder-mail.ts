import { createElement } from "react";
import type { MailMessage } from "./mailer.ts";
import { oneClickHeaders } from "./outbox.ts";
import type { MailSite } from "./templates/layout.tsx";
import { renderParts } from "./templates/render.ts";
import { unsubscribeLinks, unsubscribeToken } from "./unsubscribe-token.ts";

export interface ReminderContent {
  to: string;
  userId: string;
  prompt: string | null;
  /** The writer's reminder hour and zone, for "why you got this". */
  hour: number;
  timeZone: string;
  /** The reminder that asks "keep sending?" after 14 days without writing. */
  asking: boolean;
}

const SUBJECT_MAX = 120;

/** The daily reminder as a message: both parts, the footer's unsubscribe page and the one-click header. */
export async function reminderMail(site: MailSite, secret: string, r: ReminderContent): Promise<MailMessage> {
  const links = unsubscribeLinks(site.appUrl, secret, r.userId, "reminder");
  const keepUrl = r.asking ? `${site.appUrl}/keep-reminding?token=${encodeURIComponent(unsubscribeToken(secret, r.userId, "reminder"))}` : null;
  const hour = `${String(r.hour).padStart(2, "0")}:00`;
  const { ReminderMail } = await import("./templates/reminder.tsx");
  const parts = await renderParts(
    createElement(ReminderMail, {
      ...site,
      prompt: r.prompt,
      writeUrl: `${site.appUrl}/write`,
      keepUrl,
      reason: `You got this because you asked ${site.siteName} for a daily reminder at ${hour} (${r.timeZone}).`,
      unsubscribeUrl: links.page,
    }),
  );
  const subject = r.asking ? "Shall we keep sending your daily reminder?" : r.prompt ? `Today's prompt: ${r.prompt}` : "Ten minutes for today's prompt";
  return { to: r.to, subject: subject.length > SUBJECT_MAX ? `${subject.slice(0, SUBJECT_MAX - 3)}...` : subject, ...parts, headers: oneClickHeaders(links.oneClick) };
}
