import type { IncomingMessage, ServerResponse } from "node:http";
import { feedQuery } from "#shared/schemas/community.ts";
import type { Deps } from "../../deps.ts";
import { logRequest, securityHeaderValues } from "../../http/security.ts";
import { SESSION_COOKIE } from "../../http/session.ts";
import { feedCacheOf, visitorAnswerParts } from "./feed-first-page.ts";
import { pieceCacheOf } from "./piece-cache.ts";

/*
 * A visitor's feed page (a first page, or a later one by a cursor), or an open piece
 * (piece-cache.ts), answered straight from Node's request when this instance has it cached: no
 * web-standard Request, Headers or Response is made and no middleware runs, which
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
const PIECE_PATH = "/api/community/pieces/";
/** The route pattern a piece is counted under in the metrics, as the app counts it. */
const PIECE_ROUTE = "/api/community/pieces/:id";
const UUID_LENGTH = 36;
const VIEW_PARAMS = new Set(["prompt", "filter", "sort", "cursor"]);

export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

export function feedFastPath(deps: Deps, opts: { draining: () => boolean }): FastPath {
  const feeds = feedCacheOf(deps);
  const pieces = pieceCacheOf(deps);
  const security = securityHeaderValues(deps.env.APP_URL);
  const log = deps.env.LOG_REQUESTS && deps.env.NODE_ENV !== "test";
  /** The cached feed page a feed URL's parameters name, if they are all the app's own and valid. */
  const feedPage = (search: string, now: number) => {
    const view: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(search)) {
      if (!VIEW_PARAMS.has(name) || name in view) return undefined;
      view[name] = value;
    }
    const parsed = feedQuery.safeParse(view);
    return parsed.success ? feeds.peek(parsed.data, parsed.data.cursor ?? null, now) : undefined;
  };
  return (req, res) => {
    if (req.method !== "GET" || opts.draining()) return false;
    const url = req.url ?? "";
    const q = url.indexOf("?");
    const path = q < 0 ? url : url.slice(0, q);
    const piece = q < 0 && path.length === PIECE_PATH.length + UUID_LENGTH && path.startsWith(PIECE_PATH);
    // Anything but the feed or a piece goes to the app at once.
    if ((path !== PATH && !piece) || req.headers.cookie?.includes(SESSION_COOKIE)) return false;
    const started = performance.now();
    const now = deps.clock.now().getTime();
    // A piece is kept under its id as the app reads it (lower case); only an id the app read is ever kept.
    const cached = piece ? pieces.peek(path.slice(PIECE_PATH.length).toLowerCase(), now) : feedPage(q < 0 ? "" : url.slice(q + 1), now);
    if (!cached) return false;
    // The app's route pattern for the feed is its path itself.
    const route = piece ? PIECE_ROUTE : PATH;
    const answer = visitorAnswerParts(cached, req.headers["if-none-match"], req.headers["accept-encoding"]);
    res.writeHead(answer.status, { ...answer.headers, ...security, ...(answer.body === null ? {} : { "Content-Length": answer.body.byteLength }) });
    res.end(answer.body ?? undefined);
    if (log) logRequest("GET", path, answer.status, started);
    deps.metrics?.observeRequest("GET", route, answer.status, (performance.now() - started) / 1000);
    return true;
  };
}
