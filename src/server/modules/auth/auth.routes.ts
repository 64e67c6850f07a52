import { Hono } from "hono";
import type { ZodType } from "zod";
import { MESSAGES, type ApiErrorBody } from "#shared/errors.ts";
import { weakPasswordReasons } from "#shared/domain/password.ts";
import { forgotPasswordInput, resetPasswordInput, signInInput, signUpInput } from "#shared/schemas/auth.ts";
import { isValidTimeZone } from "#shared/domain/dates.ts";
import type { AppEnv } from "../../http/context.ts";
import { HttpError, zodIssues } from "../../http/errors.ts";

type Prepared = { body: Record<string, unknown> };

/** Our validation in front of better-auth: the spec's messages, and fields cleaned before storing. */
const prepare: Record<string, { schema: ZodType; after?: (data: Record<string, unknown>) => Prepared["body"] }> = {
  "/sign-up/email": {
    schema: signUpInput,
    after: (d) => {
      const reasons = weakPasswordReasons(String(d.password), { email: String(d.email), name: String(d.name) });
      if (reasons.length) {
        throw new HttpError(422, "weak_password", reasons.length === 1 ? reasons[0]! : `Password is too weak: ${reasons.join("; ")}`, reasons.map((r) => ({ path: "password", message: r })));
      }
      const body: Record<string, unknown> = {
        name: d.name,
        email: d.email,
        password: d.password,
        alias: d.alias ?? null,
        age: d.age ?? null,
        location: d.location ?? null,
        timeZone: typeof d.timeZone === "string" && isValidTimeZone(d.timeZone) ? d.timeZone : "UTC",
      };
      if (typeof d.callbackURL === "string" && d.callbackURL.startsWith("/")) body.callbackURL = d.callbackURL;
      return body;
    },
  },
  "/sign-in/email": { schema: signInInput },
  "/request-password-reset": {
    schema: forgotPasswordInput,
    after: (d) => ({ email: d.email, redirectTo: "/reset-password" }),
  },
  "/reset-password": {
    schema: resetPasswordInput,
    after: (d) => {
      const reasons = weakPasswordReasons(String(d.newPassword));
      if (reasons.length) {
        throw new HttpError(422, "weak_password", reasons.length === 1 ? reasons[0]! : `Password is too weak: ${reasons.join("; ")}`, reasons.map((r) => ({ path: "newPassword", message: r })));
      }
      return d;
    },
  },
};

/**
 * The better-auth endpoints the app uses; every other one (update-user, change-password,
 * change-email, delete-user, social linking...) answers 404, so profile changes can only go
 * through our own validated routes.
 */
const ALLOWED: Record<string, RegExp> = {
  GET: /^\/(get-session|verify-email|reset-password\/[^/]+|ok|error)$/,
  POST: /^\/(sign-up\/email|sign-in\/email|sign-out|request-password-reset|reset-password|send-verification-email)$/,
};

/** better-auth's error codes, in the spec's words (§5, §8). */
function rewriteError(path: string, status: number, body: Partial<ApiErrorBody>): ApiErrorBody & { status: number } {
  const code = body.code ?? "auth_error";
  if (status === 429) return { status, code: "rate_limited", message: MESSAGES.tooManyRequests };
  if (code.startsWith("USER_ALREADY_EXISTS")) return { status: 422, code: "identity_already_exists", message: MESSAGES.emailTaken };
  if (code === "PASSWORD_TOO_SHORT") return { status: 422, code: "weak_password", message: MESSAGES.resetTooShort };
  if (code === "INVALID_EMAIL") return { status: 422, code: "invalid_email", message: MESSAGES.invalidEmail };
  if (path === "/sign-in/email") {
    if (code === "INVALID_EMAIL_OR_PASSWORD") return { status: 401, code: "invalid_credentials", message: MESSAGES.wrongCredentials };
    return { status, code, message: MESSAGES.signInOther };
  }
  if (path === "/reset-password") return { status: status === 500 ? 500 : 422, code: "invalid_token", message: MESSAGES.resetFailed };
  if (path === "/request-password-reset") return { status, code: "send_failed", message: MESSAGES.forgotSendFailed };
  if (path === "/sign-up/email" && status >= 500) return { status, code, message: MESSAGES.registrationUnexpected };
  return { status, code, message: body.message ?? "Something went wrong. Please try again." };
}

export const authRoutes = new Hono<AppEnv>().on(["GET", "POST"], "/auth/*", async (c) => {
  const { auth } = c.get("deps");
  const path = c.req.path.replace(/^\/api\/auth/, "");
  if (!ALLOWED[c.req.method]?.test(path)) return c.json({ code: "not_found", message: "Not found" }, 404);
  let request = c.req.raw;
  const step = c.req.method === "POST" ? prepare[path] : undefined;
  if (step) {
    const raw = (await c.req.json().catch(() => ({}))) as unknown;
    const parsed = step.schema.safeParse(raw ?? {});
    if (!parsed.success) {
      const issues = zodIssues(parsed.error);
      throw new HttpError(422, "invalid_input", issues[0]?.message ?? "Invalid input", issues);
    }
    const data = parsed.data as Record<string, unknown>;
    const body = step.after ? step.after(data) : data;
    const headers = new Headers(c.req.raw.headers);
    headers.delete("content-length");
    headers.set("content-type", "application/json");
    request = new Request(c.req.raw.url, { method: "POST", headers, body: JSON.stringify(body) });
  }
  let res: Response;
  try {
    res = await auth.handler(request);
  } catch (err) {
    console.error(JSON.stringify({ level: "error", msg: "auth handler failed", path, err: String(err) }));
    const mapped = rewriteError(path, 500, {});
    return c.json({ code: mapped.code, message: mapped.message }, 500);
  }
  if (res.status < 400 || !(res.headers.get("content-type") ?? "").includes("json")) {
    if (res.status >= 400) {
      const mapped = rewriteError(path, res.status, {});
      const out = c.json({ code: mapped.code, message: mapped.message }, mapped.status as 401);
      const retry = res.headers.get("retry-after") ?? res.headers.get("x-retry-after");
      if (retry) out.headers.set("retry-after", retry);
      return out;
    }
    return res;
  }
  const body = (await res.json().catch(() => ({}))) as Partial<ApiErrorBody>;
  const mapped = rewriteError(path, res.status, body);
  const out = c.json({ code: mapped.code, message: mapped.message }, mapped.status as 401);
  const retry = res.headers.get("retry-after") ?? res.headers.get("x-retry-after");
  if (retry) out.headers.set("retry-after", retry);
  return out;
});
