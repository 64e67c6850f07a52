import { writeInState, type WriteInState } from "#shared/domain/write-ins.ts";
import type { WriteInSummary } from "#shared/schemas/write-ins.ts";
import { paths } from "#client/config/paths.ts";
import { formatWriteInStart } from "./write-in-time.ts";
import { canJoin, STATE_LABELS } from "./write-in-words.ts";

/*
 * The writing page's notice of write-ins coming up (issue 30 item 1): which of the next few it
 * names, what it says of each, and where each one's link goes, at the viewer's `now`.
 */

/** At most this many on the writing page… */
export const UPCOMING_ON_WRITE_MAX = 2;
/** …starting within this many days (or open, or live now)… */
export const UPCOMING_ON_WRITE_DAYS = 7;
/** …out of the next this many the server lists (a live one past half-time, which I cannot join, is skipped). */
export const UPCOMING_ON_WRITE_ASK = 4;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

type Times = Pick<WriteInSummary, "startsAt" | "endsAt" | "state">;
type Joinable = Times & Pick<WriteInSummary, "lateJoinUntil" | "joinedByMe">;

/** Its state at `now` (the list's was the server's when it answered). */
export const stateAt = (w: Times, now: number): WriteInState =>
  writeInState({ startsAt: Date.parse(w.startsAt), endsAt: Date.parse(w.endsAt), canceled: w.state === "canceled" }, now);

const joinableAt = (w: Joinable, now: number) => canJoin({ ...w, state: stateAt(w, now) }, now);

/** The ones worth naming on the writing page: those I can join now, and those starting within a week; soonest first, two at most. */
export function upcomingOnWrite<W extends Joinable>(items: readonly W[], now: number): W[] {
  return items
    .filter((w) => (stateAt(w, now) === "upcoming" ? Date.parse(w.startsAt) - now <= UPCOMING_ON_WRITE_DAYS * DAY_MS : joinableAt(w, now)))
    .slice(0, UPCOMING_ON_WRITE_MAX);
}

/** "Live now", "Starts in 8 min" (joining is open), else its start in the viewer's zone; "Ended" once over (the notice keeps its place). */
export function upcomingWhen(w: Times, now: number, format: { locale?: string; timeZone?: string } = {}): string {
  const state = stateAt(w, now);
  if (state === "live") return "Live now";
  if (state === "open") return `Starts in ${Math.max(1, Math.ceil((Date.parse(w.startsAt) - now) / MINUTE_MS))} min`;
  if (state === "upcoming") return formatWriteInStart(w.startsAt, format);
  return STATE_LABELS[state];
}

/** Its link: straight to writing while I may join it, else its page (to say I'm coming, or read how it went). */
export const upcomingHref = (w: Joinable & Pick<WriteInSummary, "id">, now: number) =>
  joinableAt(w, now) ? paths.writeInSession.href(w.id) : paths.writeIn.href(w.id);
