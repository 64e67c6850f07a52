import { Hono } from "hono";
import { weakPasswordReasons } from "#shared/domain/password.ts";
import {
  ACCOUNT_MESSAGES,
  changeEmailInput,
  changeEmailResponse,
  changePasswordInput,
  changePasswordResponse,
  confirmationEmailResponse,
  devicesResponse,
  signedOutResponse,
} from "#shared/schemas/account.ts";
import { ROUTE_PATHS } from "#shared/routes.ts";
import { requireUser, signedIn, type AppContext, type AppEnv } from "../../http/context.ts";
import { conflict, HttpError, notFound } from "../../http/errors.ts";
import { uuidParam } from "../../http/params.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { respond } from "../../http/respond.ts";
import { validate } from "../../http/validate.ts";
import { logError } from "../../log.ts";
import { refuseWeakPassword } from "../auth/weak-password.ts";
import { endOtherSessions, endSession, listDevices } from "./sessions.service.ts";
import { findUserByEmail } from "../users/admins.service.ts";
import { confirmationEmailLimits, EMAIL_CONFIRMED_LANDING } from "./confirmation-email.ts";

/*
 * Account settings (issue 15 item 4). better-auth's own change-email and change-password run
 * behind these routes (its endpoints answer 404 from outside, auth.routes.ts): our validation and
 * wording in front, our per-account limits, and the devices list from the session table without
 * ever a token leaving the server.
 */

/** Per account: a person changes these a few times, a guesser of the current password gets 5 tries a quarter hour. */
const emailLimit = rateLimit({ bucket: "account-email", windowMs: 60 * 60_000, max: 5, per: "account" });
const passwordLimit = rateLimit({ bucket: "account-password", windowMs: 15 * 60_000, max: 5, per: "account" });
const devicesLimit = rateLimit({ bucket: "account-devices", windowMs: 10 * 60_000, max: 120, per: "account" });

/** Where the emailed link lands (the page says what happened; better-auth adds ?error= on a bad link). */
export const EMAIL_CHANGED_LANDING = `${ROUTE_PATHS.settingsAccount}?email=changed`;

const writer = (c: AppContext) => requireUser(c, ACCOUNT_MESSAGES.loginToManage);
/** First on every route here: a visitor hears 401 before the limit or the input is read. */
const signedInFirst = signedIn(ACCOUNT_MESSAGES.loginToManage);

/** better-auth's failure as an HttpError: a 4xx keeps its status in our words, anything else is a 500 logged. */
async function refusal(res: Response, what: string): Promise<HttpError> {
  const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
  if (body.code === "INVALID_PASSWORD") {
    return new HttpError(422, "wrong_password", ACCOUNT_MESSAGES.wrongCurrentPassword, [{ path: "currentPassword", message: ACCOUNT_MESSAGES.wrongCurrentPassword }]);
  }
  if (res.status === 401) return new HttpError(401, "unauthorized", ACCOUNT_MESSAGES.loginToManage);
  logError(`better-auth ${what} failed`, new Error(`${res.status} ${body.code ?? ""}`));
  return new HttpError(500, "account_change_failed", "Something went wrong. Please try again.");
}

export const accountRoutes = new Hono<AppEnv>()
  /** Change email: a link to the new address (auth.ts sends it, and tells the old address); nothing changes until it is followed. */
  .post("/me/email", signedInFirst, emailLimit, validate("json", changeEmailInput), async (c) => {
    const user = writer(c);
    const { newEmail } = c.req.valid("json");
    const { db, auth } = c.get("deps");
    if (newEmail === user.email.toLowerCase()) throw new HttpError(422, "email_same", ACCOUNT_MESSAGES.emailSame, [{ path: "newEmail", message: ACCOUNT_MESSAGES.emailSame }]);
    // Sign-up tells anyone whether an address has an account (MESSAGES.emailTaken): saying it here, to a signed-in writer under a tighter limit, tells no more.
    const taken = await findUserByEmail(db, newEmail);
    if (taken) throw new HttpError(422, "identity_already_exists", ACCOUNT_MESSAGES.emailTaken, [{ path: "newEmail", message: ACCOUNT_MESSAGES.emailTaken }]);
    const res = await auth.api.changeEmail({ headers: c.req.raw.headers, body: { newEmail, callbackURL: EMAIL_CHANGED_LANDING }, asResponse: true });
    if (!res.ok) throw await refusal(res, "change-email");
    return respond(c, changeEmailResponse, { sentTo: newEmail });
  })
  /** Change password: the current one checked, the new one held to the sign-up rules, every other session ended. */
  .post("/me/password", signedInFirst, passwordLimit, validate("json", changePasswordInput), async (c) => {
    const user = writer(c);
    const input = c.req.valid("json");
    refuseWeakPassword(weakPasswordReasons(input.newPassword, { email: user.email, name: user.name }), "newPassword");
    const res = await c
      .get("deps")
      .auth.api.changePassword({ headers: c.req.raw.headers, body: { ...input, revokeOtherSessions: true }, asResponse: true });
    if (!res.ok) throw await refusal(res, "change-password");
    // better-auth ended every session and made this device a new one: its cookie replaces the old.
    for (const cookie of res.headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
    return respond(c, changePasswordResponse, { changed: true });
  })
  /** The confirmation email again (issue 24 item 3): the sign-up one was lost, or never came. */
  .post("/me/confirmation-email", signedInFirst, ...confirmationEmailLimits, async (c) => {
    const user = writer(c);
    if (user.emailVerified) throw conflict(ACCOUNT_MESSAGES.alreadyConfirmed, "already_confirmed");
    const res = await c
      .get("deps")
      .auth.api.sendVerificationEmail({ headers: c.req.raw.headers, body: { email: user.email, callbackURL: EMAIL_CONFIRMED_LANDING }, asResponse: true });
    if (!res.ok) throw await refusal(res, "send-verification-email");
    return respond(c, confirmationEmailResponse, { sentTo: user.email });
  })
  .get("/me/sessions", signedInFirst, devicesLimit, async (c) => {
    const user = writer(c);
    const { db, clock } = c.get("deps");
    return respond(c, devicesResponse, await listDevices(db, user.id, c.get("sessionId"), clock.now()));
  })
  /** Sign one other device out. Another writer's session id is "not found", and nothing changes. */
  .delete("/me/sessions/:id", signedInFirst, devicesLimit, uuidParam(ACCOUNT_MESSAGES.sessionNotFound), async (c) => {
    const user = writer(c);
    const { id } = c.req.valid("param");
    if (id === c.get("sessionId")) throw new HttpError(422, "this_session", ACCOUNT_MESSAGES.thisSession);
    const { db, sessions } = c.get("deps");
    if (!(await endSession(db, user.id, id))) throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
    sessions.changed(user.id);
    return respond(c, signedOutResponse, { signedOut: 1 });
  })
  .post("/me/sessions/sign-out-others", signedInFirst, devicesLimit, async (c) => {
    const user = writer(c);
    const current = c.get("sessionId");
    if (!current) throw new HttpError(401, "unauthorized", ACCOUNT_MESSAGES.loginToManage);
    const { db, sessions } = c.get("deps");
    const signedOut = await endOtherSessions(db, user.id, current);
    sessions.changed(user.id);
    return respond(c, signedOutResponse, { signedOut });
  });
