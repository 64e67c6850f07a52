/**
 * The offline app (issue 16 item 1): what the service worker may keep of the API, and the headers
 * the server and the worker use to key and date those copies. Read by the server (http/pwa.ts), the
 * worker (client/pwa/sw.ts) and the page (client/lib/offline-copy.ts).
 */

/** The unrendered app the worker precaches and serves to a navigation the network cannot answer. */
export const APP_SHELL_PATH = "/app-shell";

/** The server names the session's account on a keepable response, so the worker keys its copy by it. */
export const ACCOUNT_HEADER = "x-inkwell-account";

/** A copy the worker served from its cache carries the time it was fetched (ISO 8601). */
export const OFFLINE_COPY_HEADER = "x-inkwell-offline-copy";

/** Caches of API copies are named with this prefix and the account they belong to. */
export const OFFLINE_CACHE_PREFIX = "inkwell-offline-";

/** The cache entry naming whose copies the worker serves now (the last account the server named). */
export const OFFLINE_ACCOUNT_CACHE = "inkwell-account";

/**
 * The only API responses ever kept: today's prompt, the session's own account (the pages' guard and
 * the profile header), the portfolio's header stats and the first page of the writer's own pieces
 * (no search, no cursor). Everything else under /api goes to the network only.
 */
export function isKeepableApiRequest(method: string, url: URL): boolean {
  if (method !== "GET") return false;
  switch (url.pathname) {
    case "/api/prompts/today":
    case "/api/me":
    case "/api/me/portfolio-stats":
      return true;
    case "/api/me/submissions":
      return !url.searchParams.has("cursor") && !url.searchParams.has("q");
    default:
      return false;
  }
}

/**
 * The worker, before it takes control of the open pages (a first install), asks each of them, with
 * this message and a reply port, which keepable answers it got around the worker (sent before any
 * worker controlled it) and in which time zone: it fetches those
 * again and keeps them, so a page it controls finds what it needs offline (issue 24 item 7).
 */
export const ANSWERS_OUTSIDE_WORKER_ASK = "inkwell:answers-outside-worker";

/** A page's reply: same-origin paths (with their query) and the time zone its requests carry. */
export interface AnswersOutsideWorker {
  paths: string[];
  timeZone: string;
}

/** The time zone every API request carries (the writer's "today" depends on it). */
export const TIME_ZONE_HEADER = "x-time-zone";
