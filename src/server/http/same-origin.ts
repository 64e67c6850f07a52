import type { MiddlewareHandler, Next } from "hono";
import { logWarn } from "../log.ts";
import type { AppContext, AppEnv } from "./context.ts";
import { HttpError } from "./errors.ts";

/*
 * Cross-site writes are refused in one place. A state-changing request (anything but GET, HEAD
 * and OPTIONS) must come from our own origin — browsers always send `Origin` on such requests,
 * and a page on another port or subdomain is "same-site" but not same-origin — and a body must
 * be JSON: a form post (`text/plain`, urlencoded, multipart) never reaches a handler, so a page
 * elsewhere cannot make a signed-in writer's browser act for them.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const MESSAGES = {
  crossOrigin: "This request came from another site, so it was refused.",
  notJson: "Requests must be sent as JSON.",
} as const;

/** RFC 8058 one-click unsubscribe: a mail provider POSTs a form from its own servers, with no Origin (the signed token is the authority). */
const ONE_CLICK_UNSUBSCRIBE = "/api/mail/unsubscribe";
/** The import upload (issue 15 item 2): files are sent as multipart, from our own origin like every write. */
const UPLOAD = { method: "POST", path: "/api/me/import", type: "multipart/form-data" } as const;

/** Distinct refused origins logged per app: enough for an operator, not a log a stranger can fill. */
const LOGGED_ORIGINS_MAX = 10;

export const sameOriginWrites = (): MiddlewareHandler<AppEnv> => {
  const logged = new Set<string>();
  /** Behind a proxy, APP_URL is what people open: say once per origin which one came and which is expected. */
  const logRefusal = (origin: string, appUrl: string) => {
    if (logged.has(origin) || logged.size >= LOGGED_ORIGINS_MAX) return;
    logged.add(origin);
    logWarn("a write from another origin was refused; if people reach the app at that address, set APP_URL to it", { origin, appUrl });
  };
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (c.req.method === "POST" && c.req.path === ONE_CLICK_UNSUBSCRIBE) return next();
    const { APP_URL, APP_ORIGINS } = c.get("deps").env;
    const origin = c.req.header("origin");
    if (!origin || !APP_ORIGINS.includes(origin)) {
      logRefusal(origin?.slice(0, 200) ?? "(none)", APP_URL);
      throw new HttpError(403, "cross_origin", MESSAGES.crossOrigin);
    }
    await typedBody(c, next);
  };
};

/** A typed body must be JSON; an untyped one must be empty (a form, beacon or text/plain post is neither). */
async function typedBody(c: AppContext, next: Next) {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const untypedBody = !type && (Number(c.req.header("content-length") ?? 0) > 0 || c.req.header("transfer-encoding") !== undefined);
  const upload = c.req.method === UPLOAD.method && c.req.path === UPLOAD.path && type === UPLOAD.type;
  if ((type && type !== "application/json" && !upload) || untypedBody) throw new HttpError(403, "not_json", MESSAGES.notJson);
  await next();
}

/** A NUL character cannot be stored in PostgreSQL text: refuse it anywhere in a request, once, here. */
export const NUL_MESSAGE = "Your text contains an invisible control character (NUL) that can't be stored. Remove it and try again.";

/** `\u0000` in JSON text, not preceded by an escaped backslash (a writer may type "\\u0000" as words). */
const JSON_NUL = /(^|[^\\])(\\\\)*\\u0000/;

export const refuseNul = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const url = c.req.url;
  if (/%00/.test(url) || url.includes("\u0000")) throw new HttpError(422, "nul_character", NUL_MESSAGE);
  const type = c.req.header("content-type") ?? "";
  if (!SAFE_METHODS.has(c.req.method) && type.includes("json")) {
    // Hono keeps the body, so the route's validator reads it again without a second stream read.
    const text = await c.req.text();
    if (JSON_NUL.test(text) || text.includes("\u0000")) throw new HttpError(422, "nul_character", NUL_MESSAGE);
  }
  await next();
};
