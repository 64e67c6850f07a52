import { resolve } from "node:path";
import type { Hono, MiddlewareHandler } from "hono";
import { ACCOUNT_HEADER, APP_SHELL_PATH, isKeepableApiRequest } from "#shared/pwa.ts";
import type { AppEnv } from "./context.ts";
import { contentSecurityPolicy } from "./security.ts";
import { readShell } from "./shell.ts";
import { defaultMeta, renderHead } from "./spa.ts";

/** Light and dark paper (styles.css); the manifest takes the light one, the page's meta both. */
export const THEME_LIGHT = "#faf7f0";

/** The web app manifest (issue 16 item 1): the name is the instance's SITE_NAME, known at run time. */
export function webManifest(siteName: string) {
  return {
    id: "/",
    name: siteName,
    short_name: siteName.length > 12 ? siteName.slice(0, 12).trim() : siteName,
    description: `one prompt, 10 minutes a day, ${siteName}.`,
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: THEME_LIGHT,
    theme_color: THEME_LIGHT,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

/**
 * The manifest, and the app shell the service worker keeps for navigations made offline: the built
 * page with the default head and no server rendering (main.tsx then creates the app rather than
 * hydrating it), under the page's own hash-extended CSP.
 */
export function mountPwa(app: Hono<AppEnv>, distDir: string): void {
  app.get("/manifest.webmanifest", (c) => {
    c.header("Cache-Control", "no-cache");
    c.header("Content-Type", "application/manifest+json; charset=utf-8");
    return c.body(JSON.stringify(webManifest(c.get("deps").env.SITE_NAME)));
  });
  app.get(APP_SHELL_PATH, (c) => {
    const shell = readShell(resolve(distDir));
    if (!shell) return c.text("The client is not built yet.", 503);
    const { env } = c.get("deps");
    const head = renderHead(defaultMeta(env.SITE_NAME, "/"), env.APP_URL, env.SITE_NAME);
    c.header("Cache-Control", "no-cache");
    c.header("Content-Security-Policy", contentSecurityPolicy(shell.scriptHashes));
    return c.html(shell.html.replace(/<title>[\s\S]*?<\/title>/, "").replace("<!--app-head-->", () => head));
  });
}

/**
 * On the few API responses the worker may keep (shared/pwa.ts), the account they belong to (or
 * "visitor"): the worker files its copy under that account and drops every other account's copies.
 */
export const keepableAccount = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  // Set before the route answers (the session is known by now; a keepable request is a GET that
  // changes no one's sign-in), so it goes out with the route's own headers. Set after, on the
  // finished answer, it made Hono and @hono/node-server rebuild that answer as two web Responses:
  // about 7 % of a portfolio read's time (issue 28 item 2).
  if (c.req.method === "GET" && isKeepableApiRequest(c.req.method, new URL(c.req.url))) c.header(ACCOUNT_HEADER, c.get("user")?.id ?? "visitor");
  await next();
};
