import { addDays } from "./dates.ts";

/*
 * Calendar months as "YYYY-MM" (the monthly collection's period and its page's address), and
 * the local moments the weekly and monthly emails fall due. Pure: no clock, no zone database.
 */

/** Years 1900–2099 only: year 0000 is no date PostgreSQL knows, and Date.UTC reads years below 100 as 19xx. */
const MONTH_RE = /^(19|20)\d\d-(0[1-9]|1[0-2])$/;

/** The local hour from which the weekly best-of and the monthly collection are due. */
export const SCHEDULED_MAIL_HOUR = 9;

export function isMonth(value: string): boolean {
  return MONTH_RE.test(value);
}

/** The month a YYYY-MM-DD date falls in. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The month after `month` ("2026-12" → "2027-01"). */
export function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

/** The month before the one holding `date` ("2026-01-01" → "2025-12"). */
export function previousMonth(date: string): string {
  return monthOf(addDays(`${monthOf(date)}-01`, -1));
}

/** The month's days as [first, next month's first): compare `local_date` strings against it. */
export function monthDays(month: string): { first: string; next: string } {
  return { first: `${month}-01`, next: `${nextMonth(month)}-01` };
}

/*
 * Made once: toLocaleDateString builds a new formatter on every call, which an EPUB of 10,000
 * pieces (a date under each) spent more time on than on anything else (scripts/bench/export.ts).
 */
const MONTH_LABEL = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const SHORT_DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** "November 2026". */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return MONTH_LABEL.format(new Date(Date.UTC(y, m - 1, 1)));
}

/** "Nov 3": a piece's local date in a list of one month. */
export function shortDay(date: string): string {
  return SHORT_DAY.format(new Date(`${date}T00:00:00Z`));
}

/** A writer's wall clock, as the planner gives it (dates.ts LocalMoment). */
interface Moment {
  date: string;
  weekday: number;
  day: number;
  hour: number;
}

/** The weekly best-of: due on the writer's Sunday from 09:00, all that day (a late start still sends); its period is that Sunday. */
export function weeklyPeriod(local: Moment): string | null {
  return local.weekday === 0 && local.hour >= SCHEDULED_MAIL_HOUR ? local.date : null;
}

/** The monthly collection: due on the writer's 1st from 09:00, all that day; its period is the month just ended. */
export function monthlyPeriod(local: Moment): string | null {
  return local.day === 1 && local.hour >= SCHEDULED_MAIL_HOUR ? previousMonth(local.date) : null;
}
