import { createElement } from "react";
import { formatDateAtTime } from "#shared/domain/format.ts";
import { ROUTE_PATHS } from "#shared/routes.ts";
import type { MailMessage } from "./mailer.ts";
import { oneClickHeaders } from "./outbox.ts";
import type { MailSite } from "./templates/layout.tsx";
import { renderParts } from "./templates/render.ts";
import { unsubscribeLinks } from "./unsubscribe-token.ts";

export interface WriteInMailContent {
  to: string;
  userId: string;
  writeInId: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  circleName: string | null;
  /** The writer's own zone: the start is read in it. */
  timeZone: string;
}

/** "7:00 PM" in `timeZone`, as formatDateAtTime writes the hour. */
const timeOfDay = (at: Date, timeZone: string) => new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", hour12: true }).format(at);

/**
 * The email 10 minutes before a write-in a writer said they are coming to (issue 30 item 1), for
 * writers who asked for it: its title, its start in the writer's zone, its circle, the way in and
 * an .ics; the footer's unsubscribe page and the one-click header turn this kind off.
 */
export async function writeInMail(site: MailSite, secret: string, w: WriteInMailContent): Promise<MailMessage> {
  const links = unsubscribeLinks(site.appUrl, secret, w.userId, "write-in");
  const id = encodeURIComponent(w.writeInId);
  const joinUrl = `${site.appUrl}${ROUTE_PATHS.writeInSession.replace(":id", id)}`;
  const { WriteInMail } = await import("./templates/write-in.tsx");
  const parts = await renderParts(
    createElement(WriteInMail, {
      ...site,
      title: w.title,
      when: `${formatDateAtTime(w.startsAt, w.timeZone)} (${w.timeZone})`,
      lengthMinutes: Math.round((w.endsAt.getTime() - w.startsAt.getTime()) / 60_000),
      circleName: w.circleName,
      joinUrl,
      calendarUrl: `${site.appUrl}/api/write-ins/${id}/calendar.ics`,
      reason: `You got this because you said you're coming to this write-in and asked ${site.siteName} for an email 10 minutes before write-ins you're coming to.`,
      unsubscribeUrl: links.page,
    }),
  );
  // A title is at most 80 characters (WRITE_IN_TITLE_MAX): the subject needs no cut.
  const subject = `'${w.title}' starts at ${timeOfDay(w.startsAt, w.timeZone)}`;
  return { to: w.to, subject, ...parts, headers: oneClickHeaders(links.oneClick), link: joinUrl };
}
