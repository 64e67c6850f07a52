import { createElement } from "react";
import type { MailMessage } from "./mailer.ts";
import { oneClickHeaders } from "./outbox.ts";
import type { MailSite } from "./templates/layout.tsx";
import type { MonthlyMailProps } from "./templates/monthly.tsx";
import type { MailPiece } from "./templates/piece-card.tsx";
import { renderParts } from "./templates/render.ts";

/** The footer link and the one-click header of an email a writer can turn off (unsubscribeLinks()). */
export interface UnsubscribeLinks {
  page: string;
  oneClick: string;
}

/** The weekly best-of (issue 14 item 3); `picks` of the pieces are Editors' Picks. */
export async function weeklyMail(site: MailSite, to: string, pieces: MailPiece[], picks: number, unsubscribe: UnsubscribeLinks): Promise<MailMessage> {
  // Templates load with their first mail (issue 26 item 1).
  const { WeeklyMail } = await import("./templates/weekly.tsx");
  const parts = await renderParts(createElement(WeeklyMail, { ...site, pieces, picks, unsubscribeUrl: unsubscribe.page }));
  return { to, subject: `The week's best on ${site.siteName}`, ...parts, headers: oneClickHeaders(unsubscribe.oneClick) };
}

export type MonthlyContent = Omit<MonthlyMailProps, keyof MailSite | "unsubscribeUrl">;

/** The monthly collection (issue 14 item 4). */
export async function monthlyMail(site: MailSite, to: string, content: MonthlyContent, unsubscribe: UnsubscribeLinks): Promise<MailMessage> {
  const { MonthlyMail } = await import("./templates/monthly.tsx");
  const parts = await renderParts(createElement(MonthlyMail, { ...site, ...content, unsubscribeUrl: unsubscribe.page }));
  return { to, subject: `Your ${content.monthLabel} collection on ${site.siteName}`, ...parts, headers: oneClickHeaders(unsubscribe.oneClick) };
}

/** A month without a piece: the kind nudge that stands in for the collection. */
export async function monthlyNudgeMail(site: MailSite, to: string, monthLabel: string, unsubscribe: UnsubscribeLinks): Promise<MailMessage> {
  const writeUrl = `${site.appUrl}/write`;
  const { MonthlyNudgeMail } = await import("./templates/monthly.tsx");
  const parts = await renderParts(createElement(MonthlyNudgeMail, { ...site, monthLabel, writeUrl, unsubscribeUrl: unsubscribe.page }));
  return { to, subject: `A new month on ${site.siteName}`, ...parts, headers: oneClickHeaders(unsubscribe.oneClick), link: writeUrl };
}
