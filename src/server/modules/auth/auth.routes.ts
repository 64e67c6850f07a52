import { Hono, type MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { MESSAGES, type ApiErrorBody } from "#shared/errors.ts";
import { weakPasswordReasons } from "#shared/domain/password.ts";
import { forgotPasswordInput, resendConfirmationInput, resetPasswordInput, signInInput, signOutInput, signUpInput } from "#shared/schemas/auth.ts";
import { ACCOUNT_MESSAGES } from "#shared/schemas/account.ts";
import { isValidTimeZone } from "#shared/domain/dates.ts";
import type { AppContext, AppEnv } from "../../http/context.ts";
import { HttpError, notFound, zodIssues } from "../../http/errors.ts";
import { logError } from "../../log.ts";
import { refuseFor } from "../../http/rate-limit.ts";
import { clearFailures, coolingDownFor, recordFailure } from "./sign-in-guard.ts";
import { signUpLimits } from "./sign-up-limits.ts";
import { refuseWeakPassword } from "./weak-password.ts";
import { emailChangeGuard } from "../account/email-change-guard.ts";
import { EMAIL_CONFIRMED_LANDING, perAddressLimit } from "../account/confirmation-email.ts";

/*
 * The better-auth endpoints the app uses, each a typed route: our validation in front (the
 * spec's messages, fields cleaned before storing), better-auth's answer passed through, its
 * failures put in the spec's words. Every other better-auth endpoint (update-user,
 * change-password, change-email, delete-user, social linking...) answers 404, so profile changes
 * can only go through our own validated routes.
 */

/**
 * validate("json", schema) as better-auth's routes have always checked a body: one that is not
 * JSON counts as {} (so the answer is the schema's own message), and a failure is a 422 with
 * the first issue's message and every issue listed.
 */
function authBody<S extends z.ZodType<object>>(schema: S): MiddlewareHandler<AppEnv, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }> {
  return async (c, next) => {
    const raw: unknown = await c.req.json().catch(() => ({}));
    const parsed = schema.safeParse(raw ?? {});
    if (!parsed.success) {
      const issues = zodIssues(parsed.error);
      throw new HttpError(422, "invalid_input", issues[0]?.message ?? "Invalid input", issues);
    }
    c.req.addValidatedData("json", parsed.data);
    await next();
  };
}

function signUpBody(d: z.output<typeof signUpInput>): Record<string, unknown> {
  refuseWeakPassword(weakPasswordReasons(d.password, { email: d.email, name: d.name }), "password");
  const body: Record<string, unknown> = {
    name: d.name,
    email: d.email,
    password: d.password,
    alias: d.alias,
    age: d.age,
    location: d.location,
    timeZone: d.timeZone !== undefined && isValidTimeZone(d.timeZone) ? d.timeZone : "UTC",
  };
  if (d.callbackURL?.startsWith("/")) body.callbackURL = d.callbackURL;
  return body;
}

/** better-auth's error codes, in the spec's words (§5, §8). */
function rewriteError(path: string, status: number, body: Partial<ApiErrorBody>): ApiErrorBody & { status: number } {
  const code = body.code ?? "auth_error";
  if (code.startsWith("USER_ALREADY_EXISTS")) return { status: 422, code: "identity_already_exists", message: MESSAGES.emailTaken };
  if (code === "PASSWORD_TOO_SHORT") return { status: 422, code: "weak_password", message: MESSAGES.resetTooShort };
  if (code === "INVALID_EMAIL") return { status: 422, code: "invalid_email", message: MESSAGES.invalidEmail };
  if (path === "/sign-in/email") {
    if (code === "INVALID_EMAIL_OR_PASSWORD") return { status: 401, code: "invalid_credentials", message: MESSAGES.wrongCredentials };
    return { status, code, message: MESSAGES.signInOther };
  }
  if (path === "/reset-password") return { status: status === 500 ? 500 : 422, code: "invalid_token", message: MESSAGES.resetFailed };
  if (path === "/request-password-reset") return { status, code: "send_failed", message: MESSAGES.forgotSendFailed };
  // Only a caller with a session hears these (a signed-out one is answered the same for every address).
  if (code === "EMAIL_ALREADY_VERIFIED") return { status: 409, code: "already_confirmed", message: ACCOUNT_MESSAGES.alreadyConfirmed };
  if (code === "EMAIL_MISMATCH") return { status: 422, code: "email_mismatch", message: "That is not the email of the account you are signed in to." };
  if (path === "/sign-up/email" && status >= 500) return { status, code, message: MESSAGES.registrationUnexpected };
  return { status, code, message: body.message ?? "Something went wrong. Please try again." };
}

/**
 * The request better-auth reads: always a fresh one for a method with a body. The guards in
 * front (the NUL check, our validation) read the body through Hono, which keeps what it read
 * but leaves the original stream used up; so the body is taken from Hono's copy — our cleaned
 * `body` when given, else the caller's own bytes — and never from the spent stream (issue 24).
 */
async function requestFor(c: AppContext, body?: Record<string, unknown>): Promise<Request> {
  const { raw } = c.req;
  if (raw.method === "GET" || raw.method === "HEAD") return raw;
  const headers = new Headers(raw.headers);
  headers.delete("content-length");
  if (body) {
    headers.set("content-type", "application/json");
    return new Request(raw.url, { method: raw.method, headers, body: JSON.stringify(body) });
  }
  const bytes = await c.req.arrayBuffer();
  return new Request(raw.url, { method: raw.method, headers, body: bytes.byteLength > 0 ? bytes : null });
}

/**
 * Hands the request to better-auth, with our cleaned `body` in place of the caller's when given.
 * A success passes through as better-auth wrote it (cookies, redirects); a failure is thrown as
 * the ApiError body in the spec's words; a refusal by its rate limits says its real wait, in
 * the message and in Retry-After.
 */
async function forward(c: AppContext, body?: Record<string, unknown>): Promise<Response> {
  const path = c.req.path.replace(/^\/api\/auth/, "");
  let res: Response;
  try {
    res = await c.get("deps").auth.handler(await requestFor(c, body));
  } catch (err) {
    logError("auth handler failed", err, { path });
    const mapped = rewriteError(path, 500, {});
    throw new HttpError(500, mapped.code, mapped.message);
  }
  if (res.status < 400) return withoutSessionToken(res);
  if (res.status === 429) throw refuseFor(c, Number(res.headers.get("retry-after") ?? res.headers.get("x-retry-after") ?? Number.NaN));
  const isJson = (res.headers.get("content-type") ?? "").includes("json");
  const failure = isJson ? ((await res.json().catch(() => ({}))) as Partial<ApiErrorBody>) : {};
  const mapped = rewriteError(path, res.status, failure);
  throw new HttpError(mapped.status as ContentfulStatusCode, mapped.code, mapped.message);
}

/**
 * better-auth puts the raw session token in its JSON answers (sign-in, sign-up, get-session).
 * Only the HttpOnly cookie may carry it: a script on the page must never be able to read it.
 */
async function withoutSessionToken(res: Response): Promise<Response> {
  if (!(res.headers.get("content-type") ?? "").includes("json")) return res;
  const body = (await res.json().catch(() => null)) as { token?: unknown; session?: { token?: unknown } } | null;
  if (body && typeof body === "object") {
    delete body.token;
    if (body.session && typeof body.session === "object") delete body.session.token;
  }
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: res.status, headers });
}

/** A password-reset request is answered no sooner than this, known address or not. */
const RESET_ANSWER_FLOOR_MS = 150;

export const authRoutes = new Hono<AppEnv>()
  .post("/auth/sign-up/email", authBody(signUpInput), ...signUpLimits, (c) => forward(c, signUpBody(c.req.valid("json"))))
  .post("/auth/sign-in/email", authBody(signInInput), async (c) => {
    const input = c.req.valid("json");
    const { db, clock } = c.get("deps");
    const wait = await coolingDownFor(db, input.email, clock.now().getTime());
    if (wait > 0) throw refuseFor(c, wait);
    try {
      const res = await forward(c, input);
      await clearFailures(db, input.email);
      return res;
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) await recordFailure(db, input.email, clock.now().getTime());
      throw err;
    }
  })
  .post("/auth/request-password-reset", authBody(forgotPasswordInput), async (c) => {
    // The mail goes out after the answer (auth.ts); the floor hides what little else differs.
    const started = Date.now();
    try {
      return await forward(c, { email: c.req.valid("json").email, redirectTo: "/reset-password" });
    } finally {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + RESET_ANSWER_FLOOR_MS - Date.now())));
    }
  })
  .post("/auth/reset-password", authBody(resetPasswordInput), (c) => {
    const input = c.req.valid("json");
    refuseWeakPassword(weakPasswordReasons(input.newPassword), "newPassword");
    return forward(c, input);
  })
  .post("/auth/sign-out", authBody(signOutInput), (c) => forward(c, c.req.valid("json")))
  .post("/auth/send-verification-email", authBody(resendConfirmationInput), perAddressLimit, (c) =>
    forward(c, { email: c.req.valid("json").email, callbackURL: EMAIL_CONFIRMED_LANDING }),
  )
  .get("/auth/verify-email", emailChangeGuard, (c) => forward(c))
  .on("GET", ["/auth/get-session", "/auth/ok", "/auth/error"], (c) => forward(c))
  .get("/auth/reset-password/:token", (c) => forward(c))
  .on(["GET", "POST"], "/auth/*", () => {
    throw notFound();
  });
