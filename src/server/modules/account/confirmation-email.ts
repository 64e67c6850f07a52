import { createHash } from "node:crypto";
import { createMiddleware } from "hono/factory";
import { ROUTE_PATHS } from "#shared/routes.ts";
import type { AppEnv } from "../../http/context.ts";
import { hit, rateLimit, refuseFor } from "../../http/rate-limit.ts";

/*
 * The confirmation email, sent again (issue 24 item 3). A writer who lost the sign-up email asks
 * from the app while signed in (POST /api/me/confirmation-email); better-auth's
 * POST /api/auth/send-verification-email serves a caller who is signed out, answering the same
 * whether or not the address has an account. Every count lives in the database, so a limit holds
 * however many app instances there are.
 */

/** Where the link lands: the account page says the email is confirmed (better-auth adds ?error= on a bad link). */
export const EMAIL_CONFIRMED_LANDING = `${ROUTE_PATHS.settingsAccount}?email=confirmed`;

const HOUR_MS = 60 * 60_000;

export const CONFIRMATION_EMAIL_LIMITS = {
  /** A writer who cannot find the email asks again once or twice. */
  perAccount: { windowMs: HOUR_MS, max: 3 },
  /** A class behind one school address may each ask; a script making accounts to mail from may not. */
  perClient: { windowMs: HOUR_MS, max: 10 },
  /** One inbox gets only a few, whoever asks from wherever, known address or not (not scaled: it guards the inbox, not a client). */
  perAddress: { windowMs: HOUR_MS, max: 3 },
} as const;

/** The signed-in route's limits: per account, then per client address. */
export const confirmationEmailLimits = [
  rateLimit({ bucket: "confirm-email", ...CONFIRMATION_EMAIL_LIMITS.perAccount, per: "account" }),
  rateLimit({ bucket: "confirm-email-client", ...CONFIRMATION_EMAIL_LIMITS.perClient }),
] as const;

/**
 * The signed-out route's limit per address asked for, after validation (`email` lower-cased). The
 * key is a hash: an address someone typed is not stored, even in a counter.
 */
export const perAddressLimit = createMiddleware<AppEnv, string, { out: { json: { email: string } } }>(async (c, next) => {
  const { db, clock } = c.get("deps");
  const { windowMs, max } = CONFIRMATION_EMAIL_LIMITS.perAddress;
  const address = createHash("sha256").update(c.req.valid("json").email).digest("base64url");
  const now = clock.now().getTime();
  const { count, resetAt } = await hit(db, `app:confirm-email-address:${address}`, windowMs, now);
  if (count > max) throw refuseFor(c, (resetAt - now) / 1000);
  await next();
});
