import type { IncomingMessage, ServerResponse } from "node:http";
import { feedQuery } from "#shared/schemas/community.ts";
import type { Deps } from "../../deps.ts";
import { logRequest, securityHeaderValues } from "../../http/security.ts";
import { SESSION_COOKIE } from "../../http/session.ts";
import { feedCacheOf, visitorAnswerParts } from "./feed-first-page.ts";

/*
 * A visitor's feed page (a first page, or a later one by a cursor) answered straight from Node's request when this instance has it
 * cached: no web-standard Request, Headers or Response is made and no middleware runs, which
 * is most of what such a request costs through the app (a profile put the adaptation at
 * 40–60 % of a feed request's CPU).
 *
 * It answers only what it can answer exactly as the app would — same body, ETag, 304 and
 * headers (feed-fast-path.test.ts compares them) — and hands everything else to the app: a
 * cookie that may be a session, a search, any other or repeated parameter, one the
 * app would refuse (its 400), shutdown (its 503), a page not cached yet (the app reads and
 * caches it). Nothing here reads the database, so it cannot fail in a way the app would not.
 */

const PATH = "/api/community/feed";
const VIEW_PARAMS = new Set(["prompt", "filter", "sort", "cursor"]);

export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

export function feedFastPath(deps: Deps, opts: { draining: () => boolean }): FastPath {
  const cache = feedCacheOf(deps);
  const security = securityHeaderValues(deps.env.APP_URL);
  const log = deps.env.LOG_REQUESTS && deps.env.NODE_ENV !== "test";
  return (req, res) => {
    if (req.method !== "GET" || opts.draining()) return false;
    const url = req.url ?? "";
    const q = url.indexOf("?");
    if ((q < 0 ? url : url.slice(0, q)) !== PATH) return false;
    if (req.headers.cookie?.includes(SESSION_COOKIE)) return false;
    const view: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(q < 0 ? "" : url.slice(q + 1))) {
      if (!VIEW_PARAMS.has(name) || name in view) return false;
      view[name] = value;
    }
    const parsed = feedQuery.safeParse(view);
    if (!parsed.success) return false;
    const started = performance.now();
    const cached = cache.peek(parsed.data, parsed.data.cursor ?? null, deps.clock.now().getTime());
    if (!cached) return false;
    const answer = visitorAnswerParts(cached, req.headers["if-none-match"], req.headers["accept-encoding"]);
    res.writeHead(answer.status, { ...answer.headers, ...security, ...(answer.body === null ? {} : { "Content-Length": answer.body.byteLength }) });
    res.end(answer.body ?? undefined);
    if (log) logRequest("GET", PATH, answer.status, started);
    // The app's route pattern for this path is the path itself.
    deps.metrics?.observeRequest("GET", PATH, answer.status, (performance.now() - started) / 1000);
    return true;
  };
}
