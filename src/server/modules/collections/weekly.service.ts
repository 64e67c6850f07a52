import { addDays, localHourStart } from "#shared/domain/dates.ts";
import { SCHEDULED_MAIL_HOUR } from "#shared/domain/months.ts";
import type { Deps } from "../../deps.ts";
import type { PerWriterJob } from "../../jobs/planner.ts";
import { weeklyMail } from "../../mail/collection-mails.ts";
import { unsubscribeLinks } from "../../mail/unsubscribe-token.ts";
import { weeklyBest } from "./best-pieces.query.ts";
import { toMailPiece } from "./mail-pieces.ts";
import { weeklyOn } from "./plans.ts";
import { loadRecipient } from "./recipient.ts";

/** The week a weekly best-of covers: the seven days before the writer's Sunday 09:00. */
export function weekWindow(sunday: string, timeZone: string): { start: Date; end: Date } {
  return { start: localHourStart(addDays(sunday, -7), SCHEDULED_MAIL_HOUR, timeZone), end: localHourStart(sunday, SCHEDULED_MAIL_HOUR, timeZone) };
}

/**
 * One writer's weekly best-of for the Sunday `period` (issue 14 item 3): the week's Editors'
 * Picks, filled up to three by its most-liked public pieces, leaving out what the writer blocks.
 * Nothing to show, the email turned off since the tick, or a suspended account: no email (and
 * nothing recorded as sent). The key sends it once, whatever runs twice.
 */
export async function sendWeekly(deps: Deps, { userId, period, timeZone }: PerWriterJob): Promise<void> {
  const writer = await loadRecipient(deps.db, userId, weeklyOn, deps.clock.now());
  // A suspended writer is kept out of the community for a while: no invitation back into it until then.
  if (!writer?.on || writer.suspended) return;
  const { start, end } = weekWindow(period, timeZone);
  const { picks, fill } = await weeklyBest(deps.db, userId, start, end);
  const best = [...picks, ...fill];
  if (!best.length) return;
  const site = { siteName: deps.env.SITE_NAME, appUrl: deps.env.APP_URL };
  const pieces = best.map((row) => toMailPiece(row, site.appUrl));
  const message = await weeklyMail(site, writer.email, pieces, picks.length, unsubscribeLinks(site.appUrl, deps.authSecret, userId, "weekly"));
  await deps.outbox.queue({ message, key: `weekly:${period}:${userId}`, userId, kind: "weekly" });
}
