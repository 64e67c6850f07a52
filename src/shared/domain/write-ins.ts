import { MAX_PROMPT_LENGTH, WRITE_IN_COUNT_GRACE_MS, WRITE_IN_JOIN_OPENS_MS, WRITE_IN_MAX_AHEAD_DAYS, WRITE_IN_MAX_MINUTES, WRITE_IN_MIN_MINUTES, WRITE_IN_TITLE_MAX, WRITE_INS_PAGE_SIZE } from "../constants.ts";

/*
 * Write-ins (issue 30): their words and the rules both sides read. A write-in is "upcoming" until
 * joining opens (WRITE_IN_JOIN_OPENS_MS before the start), "open" (a countdown) until the start,
 * "live" until the end, then "ended"; a canceled one is "canceled" whatever the time.
 */

export const WRITE_IN_STATES = ["upcoming", "open", "live", "ended", "canceled"] as const;
export type WriteInState = (typeof WRITE_IN_STATES)[number];

/** site: the day's prompt; circle: the circle's prompt of the day; own: a prompt the write-in brings (a `prompts` row of kind "write_in"). */
export const WRITE_IN_PROMPT_MODES = ["site", "circle", "own"] as const;
export type WriteInPromptMode = (typeof WRITE_IN_PROMPT_MODES)[number];

export const WRITE_IN_REPEATS = ["none", "weekly"] as const;

export const WRITE_IN_MESSAGES = {
  notFound: "Write-in not found",
  signInToJoin: "Sign in to join this write-in",
  notAdmin: "Only site admins can schedule write-ins for the whole community",
  notMember: "Only members of this circle can join its write-ins",
  titleRequired: "Give the write-in a title",
  titleTooLong: `Keep the title to ${WRITE_IN_TITLE_MAX} characters`,
  badLength: `Choose a length from ${WRITE_IN_MIN_MINUTES} to ${WRITE_IN_MAX_MINUTES} minutes`,
  badStart: "Choose a start time",
  startInPast: "Choose a start time in the future",
  startTooFar: `Choose a start within the next ${WRITE_IN_MAX_AHEAD_DAYS} days`,
  circlePromptOutside: "Only a circle's write-in can use the circle's prompt",
  /** A write-in's own prompt (issue 30 item 1): the admin's words for a prompt's text (ADMIN_MESSAGES), its limit a circle's prompt's too. */
  promptRequired: "Please enter a prompt text",
  promptTooLong: `Prompts can be at most ${MAX_PROMPT_LENGTH} characters`,
  promptTextUnused: "Only a write-in with its own prompt takes a prompt text",
  tooManyCircle: (max: number) => `A circle can have ${max} write-ins scheduled at once (a weekly one counts each week). Cancel some before adding more.`,
  tooManyCommunity: (max: number) => `The community can have ${max} write-ins scheduled at once (a weekly one counts each week). Cancel some before adding more.`,
  started: "This write-in has started and can no longer be changed",
  canceled: "This write-in was canceled",
  notOpen: "You can join 10 minutes before the start",
  halfTime: "This write-in is past half-time. Join the next one!",
  over: "This write-in has ended. Its results are final.",
  full: "This write-in is full",
  notJoined: "Join the write-in first",
  notStarted: "Results appear once the write-in starts",
  countTooSoon: "Counts are sent every few seconds",
  badCursor: "This list has changed. Reload the page.",
  badLimit: `Ask for 1 to ${WRITE_INS_PAGE_SIZE} write-ins at a time`,
} as const;

export interface WriteInTimes {
  startsAt: number;
  endsAt: number;
  canceled: boolean;
}

export function writeInState(w: WriteInTimes, now: number): WriteInState {
  if (w.canceled) return "canceled";
  if (now < w.startsAt - WRITE_IN_JOIN_OPENS_MS) return "upcoming";
  if (now < w.startsAt) return "open";
  if (now < w.endsAt) return "live";
  return "ended";
}

/** A first join is taken until half-time; a writer who joined may come back until the end. */
export const lateJoinUntil = (w: Pick<WriteInTimes, "startsAt" | "endsAt">) => w.startsAt + Math.floor((w.endsAt - w.startsAt) / 2);

/** Counts are taken until this instant (the end and a grace for the last one in flight); then the results are final. */
export const countsCloseAt = (w: Pick<WriteInTimes, "endsAt">) => w.endsAt + WRITE_IN_COUNT_GRACE_MS;
