import { rateLimit } from "../../http/rate-limit.ts";

/*
 * How many accounts one address may create (docs/decisions/008). A writing class signs up
 * together from one school network, so the short window admits a class of 25 in one go, with
 * room for retries (a taken email, a weak password); a script is stopped at SIGN_UP_BURST.max in
 * ten minutes and SIGN_UP_DAILY.max a day — well before hundreds. Both count the sign-ups that
 * passed the form's checks, per client address, in the database (every instance shares them).
 * Each refusal says the real wait, in its message and in Retry-After.
 */

/** A class on one network: 40 sign-ups per address per 10 minutes. */
export const SIGN_UP_BURST = { windowMs: 10 * 60_000, max: 40 } as const;
/** A script on one address: 80 sign-ups per address per 24 hours. */
export const SIGN_UP_DAILY = { windowMs: 24 * 60 * 60_000, max: 80 } as const;

export const signUpLimits = [
  rateLimit({ bucket: "sign-up", ...SIGN_UP_BURST }),
  rateLimit({
    bucket: "sign-up-day",
    ...SIGN_UP_DAILY,
    // Real people hitting the daily cap most likely share an address the app cannot see past.
    alert: "sign-up daily cap reached for one address; behind a reverse proxy, set TRUST_PROXY=true so each visitor's own address is counted",
  }),
] as const;
