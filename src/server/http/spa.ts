import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Hono, MiddlewareHandler } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import type { AppContext, AppEnv } from "./context.ts";
import { isAppRoute } from "#shared/routes.ts";
import { notFound } from "./errors.ts";
import { logError } from "../log.ts";
import { SESSION_COOKIE } from "./session.ts";
import { contentSecurityPolicy } from "./security.ts";
import { inProcessRequest } from "./in-process.ts";
import { readShell } from "./shell.ts";
import { fillShell, loadRenderer, ssrEntry } from "./ssr.ts";


/** What the server writes into a page's <head>, so crawlers without JavaScript see it. */
export interface PageMeta {
  title: string;
  description: string;
  /** Path of the page, made absolute with APP_URL. */
  path: string;
  image?: string;
  type?: "website" | "article";
  /** Article structured data (JSON-LD). */
  jsonLd?: Record<string, unknown>;
  /** When set, crawlers are asked not to index (shared private pieces). */
  noIndex?: boolean;
  /** Atom feeds of the page (path made absolute with APP_URL), for feed readers to find. */
  feeds?: { title: string; path: string }[];
}

export type PageMetaResolver = {
  pattern: RegExp;
  resolve(c: AppContext, match: RegExpMatchArray): Promise<PageMeta | null>;
};

function escapeAttr(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** JSON inside <script type="application/ld+json">: "<" is escaped so text cannot close the tag. */
function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

export function renderHead(meta: PageMeta, appUrl: string, siteName: string): string {
  const url = appUrl + meta.path;
  const image = meta.image ? appUrl + meta.image : undefined;
  const tags = [
    `<title>${escapeAttr(meta.title)}</title>`,
    `<meta name="description" content="${escapeAttr(meta.description)}">`,
    `<link rel="canonical" href="${escapeAttr(url)}">`,
    `<meta property="og:site_name" content="${escapeAttr(siteName)}">`,
    `<meta property="og:type" content="${meta.type ?? "website"}">`,
    `<meta property="og:title" content="${escapeAttr(meta.title)}">`,
    `<meta property="og:description" content="${escapeAttr(meta.description)}">`,
    `<meta property="og:url" content="${escapeAttr(url)}">`,
    `<meta name="twitter:card" content="${image ? "summary_large_image" : "summary"}">`,
    `<meta name="twitter:title" content="${escapeAttr(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeAttr(meta.description)}">`,
  ];
  if (image) {
    tags.push(
      `<meta property="og:image" content="${escapeAttr(image)}">`,
      `<meta property="og:image:width" content="1200">`,
      `<meta property="og:image:height" content="630">`,
      `<meta name="twitter:image" content="${escapeAttr(image)}">`,
    );
  }
  for (const feed of meta.feeds ?? []) {
    tags.push(`<link rel="alternate" type="application/atom+xml" title="${escapeAttr(feed.title)}" href="${escapeAttr(appUrl + feed.path)}">`);
  }
  if (meta.noIndex) tags.push(`<meta name="robots" content="noindex">`);
  if (meta.jsonLd) tags.push(`<script type="application/ld+json">${safeJson(meta.jsonLd)}</script>`);
  return tags.join("\n    ");
}

export function defaultMeta(siteName: string, path: string): PageMeta {
  return {
    title: siteName,
    description: `one prompt, 10 minutes a day, ${siteName}. A daily writing community: write for ten minutes, keep it in your portfolio or share it.`,
    path,
  };
}

/** Hashed assets cached for a year; index.html never cached; unknown paths fall back to the app. */
export function mountClient(app: Hono<AppEnv>, resolvers: PageMetaResolver[], distDir: string): void {
  const clientDist = resolve(distDir);
  if (existsSync(clientDist)) {
    const files = serveStatic({ root: clientDist });
    /** Serves a file, then marks how long it may be cached (only when a file was found). */
    const serveWithCache = (cacheControl: string): MiddlewareHandler<AppEnv> => async (c, next) => {
      const res = await files(c, next);
      if (res instanceof Response) {
        if (res.status === 200) res.headers.set("Cache-Control", cacheControl);
        return res;
      }
      return undefined;
    };
    app.use("/assets/*", serveWithCache("public, max-age=31536000, immutable"));
    // Files at the root (favicon, theme.js...): only paths with an extension, never index.html.
    const rootFiles = serveWithCache("public, max-age=3600");
    // The service worker is asked for again on every check: a cached copy would hold a new version back.
    const workerFile = serveWithCache("no-cache");
    app.use("*", async (c, next) => {
      const p = c.req.path;
      // Never index.html, nor the build's own files (/.vite/manifest.json).
      if (p.startsWith("/api/") || p.startsWith("/assets/") || p.startsWith("/.") || p === "/index.html" || !/\.[a-z0-9]+$/i.test(p)) return next();
      return (p === "/sw.js" ? workerFile : rootFiles)(c, next);
    });
  }
  app.get("*", async (c) => {
    const path = c.req.path;
    if (path.startsWith("/api/") || /\.[a-z0-9]+$/i.test(path)) throw notFound();
    const shell = readShell(clientDist);
    if (!shell) return c.text("The client is not built yet: run `npm run build` (npm start does it for you).", 503);
    const { env } = c.get("deps");
    let meta: PageMeta | null = null;
    for (const r of resolvers) {
      const m = path.match(r.pattern);
      if (m) {
        meta = await r.resolve(c, m).catch(() => null);
        break;
      }
    }
    const head = renderHead(meta ?? defaultMeta(env.SITE_NAME, path), env.APP_URL, env.SITE_NAME);
    let body = shell.html.replace(/<title>[\s\S]*?<\/title>/, "").replace("<!--app-head-->", () => head);
    // A visitor's public page comes with its first screen (http/ssr.ts): what the API gives a
    // visitor, asked in process without their cookies. With a session cookie the browser renders
    // it, as before, so nothing personal is ever rendered here.
    if (isAppRoute(path) && !(c.req.header("cookie") ?? "").includes(SESSION_COOKIE)) {
      const renderer = await loadRenderer(ssrEntry(clientDist, env.SSR_ENTRY));
      const url = new URL(c.req.url);
      const page = await renderer
        ?.render({ url: url.pathname + url.search, fetch: (input, init) => Promise.resolve(app.request(inProcessRequest(input, init))) })
        .catch((err: unknown) => {
          logError("a page could not be rendered on the server; sent unrendered", err, { path });
          return null;
        });
      if (page) body = fillShell(body, page, clientDist);
    }
    // A page whose head describes a private piece must never sit in a shared cache; the page
    // differs with the cookie (rendered for visitors only).
    c.header("Cache-Control", meta?.noIndex ? "private, no-cache" : "no-cache");
    c.header("Vary", "Cookie");
    c.header("Content-Security-Policy", contentSecurityPolicy(shell.scriptHashes));
    // Any other path still gets the app (it shows its not-found page), with the status that says so.
    return c.html(body, isAppRoute(path) ? 200 : 404);
  });
}
