import { gzipSync } from "node:zlib";
import type { Context, TypedResponse } from "hono";
import { communityFeedPage, type CommunityFeedPage, type FeedViewerMarks } from "#shared/schemas/community.ts";
import type { AppEnv } from "../../http/context.ts";
import { PER_ANSWER_GZIP } from "../../http/gzip-json.ts";
import { gzipHeadAndTail } from "../../http/gzip-splice.ts";
import { checkContract } from "../../http/respond.ts";
import type { Db } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { eventFedCacheOf } from "../../realtime/event-fed-cache.ts";
import { etagOf, FeedCache, type CachedFeedPage, type FeedKey } from "./feed-cache.ts";
import { readFeedPage } from "./feed.service.ts";
import { viewerMarks } from "./feed-viewer.query.ts";

/*
 * A page of a common feed view (no search): the first, or a later one by a cursor a cached page
 * handed out (FeedCache.cacheable), from the instance's FeedCache.
 *
 * What is cached is the visitor's page. A signed-in viewer gets the same page with their own
 * marks (the ids they like and wrote: `marks`, schemas/community.ts) from one small query by
 * primary key (feed-viewer.query.ts), never from anyone else's answer: their marks go before the
 * cached page's bytes, which were compressed once (http/gzip-splice.ts), and with no marks of
 * theirs on it they get the visitor's bytes. The visitor's body is sent as cached.
 *
 * Validators: a weak ETag (the gzipped and the plain body are one representation), answered 304
 * on If-None-Match; `Cache-Control: private, no-cache` (a browser keeps it and asks again every
 * time), `Vary: Accept-Encoding, Cookie` (the body differs by sign-in).
 */

const caches = new WeakMap<Deps, FeedCache>();

/** The instance's cache, created with its subscriptions on first use. */
export const feedCacheOf = (deps: Deps): FeedCache => eventFedCacheOf(caches, deps, () => new FeedCache());

const VARY = "Accept-Encoding, Cookie";
const CACHE_CONTROL = "private, no-cache";

/** If-None-Match names this ETag (weak comparison), or is `*`. */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => {
    const tag = t.trim();
    return tag === "*" || tag.replace(/^W\//, "") === bare;
  });
}

/** Accept-Encoding admits gzip (named or by `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const ok = !q || Number(q.slice(2)) > 0;
    if (name.trim() === "gzip") return ok;
    if (name.trim() === "*") star = ok;
  }
  return star;
}

type Bytes = Uint8Array<ArrayBuffer>;

/**
 * The status, headers (without the app-wide ones) and body of an answer with validator `etag`:
 * 304 on If-None-Match, else the body, gzipped when the client takes gzip. `plain` and `gzip`
 * make the bytes (kept ones, or made for this answer alone).
 */
export function answerParts(etag: string, ifNoneMatch: string | undefined, acceptEncoding: string | undefined, plain: () => Bytes, gzip: () => Bytes) {
  if (matches(ifNoneMatch, etag)) return { status: 304 as const, headers: { ETag: etag, Vary: VARY, "Cache-Control": CACHE_CONTROL }, body: null };
  const headers = { "Content-Type": "application/json", ETag: etag, Vary: VARY, "Cache-Control": CACHE_CONTROL };
  if (acceptsGzip(acceptEncoding)) return { status: 200 as const, headers: { ...headers, "Content-Encoding": "gzip" }, body: gzip() };
  return { status: 200 as const, headers, body: plain() };
}

/** The parts of an answer (answerParts). */
export type AnswerParts = ReturnType<typeof answerParts>;

/** A visitor's answer from a cached page (or a kept piece, piece-visitor.ts), as it was made once. */
export const visitorAnswerParts = (cached: Pick<CachedFeedPage, "etag" | "gzip" | "plain">, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): AnswerParts =>
  answerParts(cached.etag, ifNoneMatch, acceptEncoding, () => cached.plain, () => cached.gzip);

/** An answer's parts as Hono's Response. */
export const answerOf = (c: Context<AppEnv>, { headers, body }: AnswerParts): Response => (body === null ? c.body(null, 304, headers) : c.body(body, 200, headers));

const utf8 = new TextEncoder();

/** JSON made for one answer: its ETag is its own, and it is gzipped here in one call, as bytes (http/gzip-json.ts says why). */
export const ownAnswerParts = (json: string, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): AnswerParts =>
  answerParts(etagOf(json), ifNoneMatch, acceptEncoding, () => utf8.encode(json) as Bytes, () => gzipSync(json, PER_ANSWER_GZIP) as Bytes);


/**
 * A signed-in viewer's answer from a cached page: the page with their marks. Null when a piece on
 * it is by a writer the viewer blocks: that page is not theirs to be served (issue 13 item 5).
 * Used by the route and by the fast path (feed-fast-path.ts), so both answer alike.
 */
export async function viewerAnswerParts(db: Db, cached: CachedFeedPage, viewerId: string, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): Promise<AnswerParts | null> {
  const { mine, liked, anyBlocked } = await viewerMarks(db, viewerId, [...cached.ids]);
  if (anyBlocked) return null;
  if (mine.size === 0 && liked.size === 0) return visitorAnswerParts(cached, ifNoneMatch, acceptEncoding);
  const ids = cached.page.items.map((i) => i.id);
  const marks: FeedViewerMarks = { likedByMe: ids.filter((id) => liked.has(id)), isMine: ids.filter((id) => mine.has(id)) };
  const marksJson = JSON.stringify(marks);
  const head = utf8.encode(`{"marks":${marksJson},`);
  // The cached page's validator and these marks: the answer changes when either does.
  const etag = etagOf(`${cached.etag}${marksJson}`);
  const plain = () => {
    const body = new Uint8Array(head.length + cached.tail.bytes.length);
    body.set(head, 0);
    body.set(cached.tail.bytes, head.length);
    return body;
  };
  return answerParts(etag, ifNoneMatch, acceptEncoding, plain, () => gzipHeadAndTail(head, cached.tail));
}

async function viewerAnswer(c: Context<AppEnv>, cached: CachedFeedPage, viewerId: string): Promise<Response> {
  const deps = c.get("deps");
  const parts = await viewerAnswerParts(deps.db, cached, viewerId, c.req.header("if-none-match"), c.req.header("accept-encoding"));
  if (parts) return answerOf(c, parts);
  // Read for them alone, filtered by the database: a full page, and a cursor that pages on without the writer they block.
  const read = await readFeedPage(deps.db, { ...cached.key, cursor: cached.cursor ?? undefined, q: "", viewerId, now: deps.clock.now() });
  const json = JSON.stringify(checkContract(communityFeedPage, read.page, c.req.path));
  return answerOf(c, ownAnswerParts(json, c.req.header("if-none-match"), c.req.header("accept-encoding")));
}

/** The JSON of a feed page (checked against communityFeedPage when cached), as the typed client sees it. */
type FeedPageResponse = Response & TypedResponse<CommunityFeedPage, 200, "json">;

/** GET /api/community/feed without a search, for the first page (cursor null) or a cacheable later one. */
export async function serveCachedPage(c: Context<AppEnv>, key: FeedKey, cursor: string | null, viewerId: string | null): Promise<FeedPageResponse> {
  const deps = c.get("deps");
  const now = deps.clock.now();
  const cached = await feedCacheOf(deps).get(key, cursor, now.getTime(), async () => {
    const read = await readFeedPage(deps.db, { ...key, cursor: cursor ?? undefined, q: "", viewerId: null, now });
    // Checked once, when made: every answer made from it only sets two booleans.
    return { ...read, page: checkContract(communityFeedPage, read.page, c.req.path) };
  });
  const res = viewerId ? await viewerAnswer(c, cached, viewerId) : answerOf(c, visitorAnswerParts(cached, c.req.header("if-none-match"), c.req.header("accept-encoding")));
  return res as FeedPageResponse;
}
