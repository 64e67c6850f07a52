import { NEW_ACCOUNT_LIMIT_CODE } from "./new-account.ts";
import { WRITING_MESSAGES, type WritingAction } from "./writing-session.ts";

/**
 * What the writing page shows when a save or publish fails, and what it does next. Pure: the
 * client turns whatever it caught into a `SubmitFailure` (an API error already is one).
 */
export interface SubmitFailure {
  /** The API error's stable code ("timeout" when the request gave up, "network" when it never left). */
  code: string;
  /** The message a person should read (the server's, in the spec's words). */
  message: string;
}

/** The code of a request that gave up waiting (spec §9: 15 s for a save or publish). */
export const TIMEOUT_CODE = "timeout";

/** Refusals after which the page needs a new writing session: the one it holds can make no piece. */
export const SESSION_REFUSALS = ["invalid_writing_session", "writing_session_spent", "writing_session_used_up", "writing_session_expired"] as const;

/** Refusals whose message already says what to do: shown as they are, without "Save failed:". */
export const SELF_EXPLAINING_REFUSALS = ["writing_time_not_met", NEW_ACCOUNT_LIMIT_CODE, ...SESSION_REFUSALS] as const;

const selfExplaining: ReadonlySet<string> = new Set(SELF_EXPLAINING_REFUSALS);
const sessionRefusals: ReadonlySet<string> = new Set(SESSION_REFUSALS);

/** "Save timed out. ...", a self-explaining refusal as it is, or "Publish failed: <message>". */
export function submitFailureMessage(action: WritingAction, failure: SubmitFailure): string {
  if (failure.code === TIMEOUT_CODE) return action === "save" ? WRITING_MESSAGES.saveTimedOut : WRITING_MESSAGES.publishTimedOut;
  if (selfExplaining.has(failure.code)) return failure.message;
  return `${action === "save" ? "Save" : "Publish"} failed: ${failure.message}`;
}

/** After this failure, does the page need a new writing session? */
export function needsNewSession(failure: SubmitFailure): boolean {
  return sessionRefusals.has(failure.code);
}
