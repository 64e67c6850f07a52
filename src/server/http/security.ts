import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";

/** The policy; `scriptHashes` allows exactly those inline scripts (the page's /theme.js, http/shell.ts). */
export const contentSecurityPolicy = (scriptHashes: string[] = []) => [
  "default-src 'self'",
  ["script-src 'self'", ...scriptHashes].join(" "),
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");
const CSP = contentSecurityPolicy();

/** Browsers keep to HTTPS for a year once they have seen the site over it. */
const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Security headers on every response. No inline script is allowed anywhere but the page's own
 * theme script, allowed by its hash. When the public
 * URL is https, Strict-Transport-Security too (never on plain http, where it would be ignored
 * at best and lock a local install out of http at worst).
 */
export const securityHeaders = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  await next();
  const h = c.res.headers;
  if (c.get("deps")?.env.APP_URL.startsWith("https://")) h.set("Strict-Transport-Security", HSTS);
  // A page's own (stricter or hash-extended) policy stands; every other response gets this one.
  if (!h.has("Content-Security-Policy")) h.set("Content-Security-Policy", CSP);
  h.set("X-Content-Type-Options", "nosniff");
  h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  h.set("X-Frame-Options", "DENY");
  h.set("Cross-Origin-Opener-Policy", "same-origin");
  h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (c.req.path.startsWith("/api/") && !h.has("Cache-Control")) h.set("Cache-Control", "no-store");
};

/** One JSON line per request. */
export const requestLog = (enabled: boolean): MiddlewareHandler => async (c, next) => {
  const start = performance.now();
  await next();
  if (!enabled) return;
  console.log(
    JSON.stringify({
      level: "info",
      t: new Date().toISOString(),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - start) * 10) / 10,
    }),
  );
};
