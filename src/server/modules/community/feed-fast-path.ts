import type { IncomingMessage, ServerResponse } from "node:http";
import { feedQuery } from "#shared/schemas/community.ts";
import type { Deps } from "../../deps.ts";
import type { FastPath } from "../../http/node-server.ts";
import { logRequest, securityHeaderValues } from "../../http/security.ts";
import { SESSION_COOKIE } from "../../http/session.ts";
import { sessionCacheKey } from "../../http/session-cache.ts";
import { feedCacheOf, viewerAnswerParts, visitorAnswerParts, type AnswerParts } from "./feed-first-page.ts";
import { pieceCacheOf } from "./piece-cache.ts";
import { readerPieceParts } from "./piece-reader.ts";

/*
 * A feed page (a first page, or a later one by a cursor) or an open piece (piece-cache.ts),
 * answered straight from Node's request when this instance has it cached: no
 * web-standard Request, Headers or Response is made and no middleware runs, which
 * is most of what such a request costs through the app (a profile put the adaptation at
 * 40–60 % of a feed request's CPU).
 *
 * A signed-in reader's page or kept piece is answered here only when the session cache
 * (http/session-cache.ts) already holds their verified session, as the app's session middleware
 * would take it for a read, and the browser's time zone (X-Time-Zone) is absent or the one stored
 * on their row (else the app moves the stored zone: http/session.ts). Their marks come from the
 * one small query the route sends (feed-first-page.ts viewerAnswerParts, piece-reader.ts
 * readerPieceParts); a page holding a piece by a writer they block, a piece gone since, or a query
 * that fails goes on to the app before anything is written. Shutdown waits for these answers, and
 * the app answers one it is handed even once shutdown began (`take`).
 *
 * It answers only what it can answer exactly as the app would — same body, ETag, 304 and
 * headers (feed-fast-path.test.ts compares them) — and hands everything else to the app: a
 * cookie whose session is not cached, a search, any other or repeated parameter, one the
 * app would refuse (its 400), shutdown (its 503), a page not cached yet (the app reads and
 * caches it).
 */

const PATH = "/api/community/feed";
const PIECE_PATH = "/api/community/pieces/";
/** The route pattern a piece is counted under in the metrics, as the app counts it. */
const PIECE_ROUTE = "/api/community/pieces/:id";
const UUID_LENGTH = 36;
const VIEW_PARAMS = new Set(["prompt", "filter", "sort", "cursor"]);

export interface FastPathOptions {
  draining: () => boolean;
  /** Counts a request answered later as in flight until its answer is done, and lets the app answer it if shutdown begins meanwhile (http/lifecycle.ts, Drain.take). */
  take: (req: IncomingMessage, res: ServerResponse) => void;
}

export function feedFastPath(deps: Deps, opts: FastPathOptions): FastPath {
  const feeds = feedCacheOf(deps);
  const pieces = pieceCacheOf(deps);
  const security = securityHeaderValues(deps.env.APP_URL);
  const log = deps.env.LOG_REQUESTS && deps.env.NODE_ENV !== "test";
  /** The cached feed page a feed URL's parameters name, if they are all the app's own and valid. */
  const feedPage = (search: string, now: number, count: boolean) => {
    const view: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(search)) {
      if (!VIEW_PARAMS.has(name) || name in view) return undefined;
      view[name] = value;
    }
    const parsed = feedQuery.safeParse(view);
    return parsed.success ? feeds.peek(parsed.data, parsed.data.cursor ?? null, now, count) : undefined;
  };
  /** The signed-in reader the app would see for this read, when the session cache holds them and the app would change nothing. */
  const cachedReader = (req: IncomingMessage, cookie: string) => {
    const key = sessionCacheKey(cookie, SESSION_COOKIE);
    const found = key ? deps.sessions.get(key) : undefined;
    const zone = req.headers["x-time-zone"];
    return found && (zone === undefined || zone === found.user.timeZone) ? found.user.id : undefined;
  };
  const send = (res: ServerResponse, answer: AnswerParts, path: string, route: string, started: number) => {
    const close = opts.draining() ? { Connection: "close" } : {};
    res.writeHead(answer.status, { ...answer.headers, ...security, ...close, ...(answer.body === null ? {} : { "Content-Length": answer.body.byteLength }) });
    res.end(answer.body ?? undefined);
    if (log) logRequest("GET", path, answer.status, started);
    deps.metrics?.observeRequest("GET", route, answer.status, (performance.now() - started) / 1000);
  };
  /** A reader's answer, made from what is cached by one query: sent, or (null, or a failed query) left to the app before anything is written. */
  const answerLater = async (req: IncomingMessage, res: ServerResponse, make: () => Promise<AnswerParts | null>, cache: { hits: number }, path: string, route: string, started: number): Promise<boolean> => {
    opts.take(req, res);
    let answer: AnswerParts | null;
    try {
      answer = await make();
    } catch {
      return false;
    }
    if (!answer) return false;
    cache.hits++;
    send(res, answer, path, route, started);
    return true;
  };
  return (req, res) => {
    if (req.method !== "GET" || opts.draining()) return false;
    const url = req.url ?? "";
    const q = url.indexOf("?");
    const path = q < 0 ? url : url.slice(0, q);
    const piece = q < 0 && path.length === PIECE_PATH.length + UUID_LENGTH && path.startsWith(PIECE_PATH);
    // Anything but the feed or a piece goes to the app at once.
    if (path !== PATH && !piece) return false;
    const cookie = req.headers.cookie;
    const signedIn = cookie?.includes(SESSION_COOKIE) ?? false;
    const readerId = signedIn ? cachedReader(req, cookie!) : undefined;
    if (signedIn && !readerId) return false;
    const started = performance.now();
    const now = deps.clock.now().getTime();
    const search = q < 0 ? "" : url.slice(q + 1);
    // A piece is kept under its id as the app reads it (lower case); only an id the app read is ever kept.
    const pieceId = piece ? path.slice(PIECE_PATH.length).toLowerCase() : "";
    if (readerId) {
      // Counted when answered here: the app counts what it is handed.
      const inm = req.headers["if-none-match"];
      const ae = req.headers["accept-encoding"];
      if (piece) {
        const kept = pieces.peek(pieceId, now, false);
        return kept ? answerLater(req, res, () => readerPieceParts(deps.db, kept, readerId, inm, ae), pieces, path, PIECE_ROUTE, started) : false;
      }
      const page = feedPage(search, now, false);
      return page ? answerLater(req, res, () => viewerAnswerParts(deps.db, page, readerId, inm, ae), feeds, PATH, PATH, started) : false;
    }
    const cached = piece ? pieces.peek(pieceId, now) : feedPage(search, now, true);
    if (!cached) return false;
    // The app's route pattern for the feed is its path itself.
    send(res, visitorAnswerParts(cached, req.headers["if-none-match"], req.headers["accept-encoding"]), path, piece ? PIECE_ROUTE : PATH, started);
    return true;
  };
}
