import { Hono } from "hono";
import { MAIL_KIND_NAMES, PREFS_MESSAGES, mailChoiceResponse, mailTokenQuery, notificationPrefsInput, notificationPrefsResponse } from "#shared/schemas/notification-prefs.ts";
import { requireUser, signedIn, type AppEnv } from "../../http/context.ts";
import { HttpError } from "../../http/errors.ts";
import { respond } from "../../http/respond.ts";
import { validate } from "../../http/validate.ts";
import { readUnsubscribeToken } from "../../mail/unsubscribe-token.ts";
import { getPrefs, setMailKind, updatePrefs } from "./prefs.service.ts";

function tokenOwner(secret: string, token: string) {
  const owner = readUnsubscribeToken(secret, token);
  if (!owner) throw new HttpError(400, "invalid_token", PREFS_MESSAGES.badToken);
  return owner;
}

/**
 * A writer's email choices (issue 14 item 7) and the links in the emails, mounted under /api. The
 * token routes have no rate limit on purpose: a token is a 192-bit signature (nothing to guess), and
 * mail providers send every one-click unsubscribe of their users from a few addresses.
 */
export const mailPrefsRoutes = new Hono<AppEnv>()
  .get("/me/notification-prefs", async (c) => {
    const user = requireUser(c, PREFS_MESSAGES.loginRequired);
    return respond(c, notificationPrefsResponse, { prefs: await getPrefs(c.get("deps").db, user.id) });
  })
  .put("/me/notification-prefs", signedIn(PREFS_MESSAGES.loginRequired), validate("json", notificationPrefsInput), async (c) => {
    const user = requireUser(c, PREFS_MESSAGES.loginRequired);
    const { db, clock, sessions } = c.get("deps");
    const input = c.req.valid("json");
    await updatePrefs(db, user.id, input, clock.now());
    // The session holds the time zone.
    if (input.timeZone !== undefined) sessions.changed(user.id);
    return respond(c, notificationPrefsResponse, { prefs: await getPrefs(db, user.id), message: PREFS_MESSAGES.saved });
  })
  // One click from a mail program (no session, no Origin, a form body) or the /unsubscribe page.
  .post("/mail/unsubscribe", validate("query", mailTokenQuery), async (c) => {
    const { db, authSecret } = c.get("deps");
    const { userId, kind } = tokenOwner(authSecret, c.req.valid("query").token);
    await setMailKind(db, userId, kind, false);
    return respond(c, mailChoiceResponse, { kind, on: false, message: `You will no longer get ${MAIL_KIND_NAMES[kind]}.` });
  })
  // Undo, from the /unsubscribe page (same origin, like every other write).
  .post("/mail/resubscribe", validate("query", mailTokenQuery), async (c) => {
    const { db, authSecret } = c.get("deps");
    const { userId, kind } = tokenOwner(authSecret, c.req.valid("query").token);
    await setMailKind(db, userId, kind, true);
    return respond(c, mailChoiceResponse, { kind, on: true, message: `You will get ${MAIL_KIND_NAMES[kind]} again.` });
  })
  // "Keep reminding me", from the reminder that asked (the /keep-reminding page).
  .post("/mail/keep-reminding", validate("query", mailTokenQuery), async (c) => {
    const { db, authSecret } = c.get("deps");
    const { userId, kind } = tokenOwner(authSecret, c.req.valid("query").token);
    if (kind !== "reminder") throw new HttpError(400, "invalid_token", PREFS_MESSAGES.notReminderToken);
    await setMailKind(db, userId, "reminder", true);
    return respond(c, mailChoiceResponse, { kind, on: true, message: "We will keep sending your daily reminder." });
  });
