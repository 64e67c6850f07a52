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

/** The security headers every response carries (HSTS only when the public URL is https). */
export function securityHeaderValues(appUrl: string | undefined): Record<string, string> {
  return {
    ...(appUrl?.startsWith("https://") ? { "Strict-Transport-Security": HSTS } : {}),
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  };
}

/**
 * Security headers on every response. No inline script is allowed anywhere but the page's own
 * theme script, allowed by its hash. When the public
 * URL is https, Strict-Transport-Security too (never on plain http, where it would be ignored
 * at best and lock a local install out of http at worst).
 */
export const securityHeaders = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  await next();
  const h = c.res.headers;
  for (const [name, value] of Object.entries(securityHeaderValues(c.get("deps")?.env.APP_URL))) {
    // A page's own (hash-extended) policy stands; every other response gets this one.
    if (name === "Content-Security-Policy" && h.has(name)) continue;
    h.set(name, value);
  }
  if (c.req.path.startsWith("/api/") && !h.has("Cache-Control")) h.set("Cache-Control", "no-store");
};

/** The request log's line (one JSON object per request). */
export function logRequest(method: string, path: string, status: number, startedAt: number): void {
  console.log(JSON.stringify({ level: "info", t: new Date().toISOString(), method, path, status, ms: Math.round((performance.now() - startedAt) * 10) / 10 }));
}

/** One JSON line per request. */
export const requestLog = (enabled: boolean): MiddlewareHandler => async (c, next) => {
  const start = performance.now();
  await next();
  if (enabled) logRequest(c.req.method, c.req.path, c.res.status, start);
};
