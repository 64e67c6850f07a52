import { formatDateAtTime } from "./format.ts";

/*
 * New accounts (issue 13 item 7): an account under NEW_ACCOUNT_HOURS old whose email is not yet
 * confirmed may publish at most NEW_ACCOUNT_DAILY_PIECES public pieces and post at most
 * NEW_ACCOUNT_DAILY_COMMENTS comments a day (the writer's own calendar day). Saving privately is
 * never limited. Confirmed accounts have no such limit. These are the defaults of the server's
 * NEW_ACCOUNT_DAILY_PIECES and NEW_ACCOUNT_DAILY_COMMENTS settings: per-account rules, never scaled
 * with the per-client rate limits (issue 24 item 5).
 */

export const NEW_ACCOUNT_HOURS = 24;
export const NEW_ACCOUNT_DAILY_PIECES = 3;
export const NEW_ACCOUNT_DAILY_COMMENTS = 10;
/** The code of the refusal (a 429 whose message says which limit, and until when). */
export const NEW_ACCOUNT_LIMIT_CODE = "new_account_limit";

/** When the account stops being new (limits end), or null when no limit applies now. */
export function newAccountUntil(createdAt: Date, emailVerified: boolean, now: Date): Date | null {
  if (emailVerified) return null;
  const until = new Date(createdAt.getTime() + NEW_ACCOUNT_HOURS * 60 * 60 * 1000);
  return now < until ? until : null;
}

/** "New accounts can publish 3 public pieces a day until your email is confirmed or until November 25, 2026 at 9:15 AM. ..." */
export function newAccountPiecesMessage(until: Date, timeZone: string, max = NEW_ACCOUNT_DAILY_PIECES): string {
  return `New accounts can publish ${max} public pieces a day until your email is confirmed or until ${formatDateAtTime(until, timeZone)}. You can still save privately.`;
}

export function newAccountCommentsMessage(until: Date, timeZone: string, max = NEW_ACCOUNT_DAILY_COMMENTS): string {
  return `New accounts can post ${max} comments a day until your email is confirmed or until ${formatDateAtTime(until, timeZone)}.`;
}
