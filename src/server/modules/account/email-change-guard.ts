import type { MiddlewareHandler } from "hono";
import { and, eq } from "drizzle-orm";
import { ROUTE_PATHS } from "#shared/routes.ts";
import { accounts } from "../../db/schema/index.ts";
import type { AppEnv } from "../../http/context.ts";
import { emailChangeOf } from "./email-change-token.ts";
import { findUserByEmail } from "../users/admins.service.ts";

/** The `error` the page reads when the new address found an account of its own meanwhile. */
export const EMAIL_TAKEN_ERROR = "EMAIL_TAKEN";
/** …and when the password changed after the link was made (the owner's "it was not me"). */
export const LINK_CANCELLED_ERROR = "LINK_CANCELLED";

/** A link's issue time has whole seconds: a password set in that same second (sign-up just before) is not "after". */
const ISSUED_AT_STEP_MS = 1000;

/**
 * In front of better-auth's GET /verify-email for an email-change link. better-auth's link stays
 * good for its whole lifetime; we refuse it when
 *  - the password was changed or reset after the link was made: the old address's email says a
 *    new password cancels the change (a stranger with a stolen session cannot finish it), or
 *  - the new address has an account of its own by now (better-auth would fail on the unique index).
 * Anything else (not a change link, a forged one) goes on to better-auth, which checks the signature.
 */
export const emailChangeGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const change = emailChangeOf(c.req.query("token"));
  if (!change) return next();
  const { db } = c.get("deps");
  const owner = await findUserByEmail(db, change.from);
  if (!owner) return next();
  const [password] = await db
    .select({ changedAt: accounts.updatedAt })
    .from(accounts)
    .where(and(eq(accounts.userId, owner.id), eq(accounts.providerId, "credential")))
    .limit(1);
  const taken = await findUserByEmail(db, change.to);
  const error = taken ? EMAIL_TAKEN_ERROR : password && password.changedAt.getTime() >= change.issuedAt + ISSUED_AT_STEP_MS ? LINK_CANCELLED_ERROR : null;
  if (!error) return next();
  return c.redirect(`${ROUTE_PATHS.settingsAccount}?email=failed&error=${error}`);
};
