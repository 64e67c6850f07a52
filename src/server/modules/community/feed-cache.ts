import { createHash } from "node:crypto";
import { THIS_WEEK_DAYS } from "#shared/constants.ts";
import type { CommunityFeedPage, FeedParams } from "#shared/schemas/community.ts";
import type { LiveEvent } from "#shared/schemas/events.ts";
import { compressTail, gzipHeadAndTail, type CompressedTail } from "../../http/gzip-splice.ts";
import type { StoredLiveEvent } from "../../realtime/bus.ts";
import { BoundedEntries } from "../../realtime/bounded-entries.ts";
import { OwnEventHold, type EventFedCache } from "../../realtime/event-fed-cache.ts";

/*
 * The pages of the common feed views (no search), kept in memory as the visitor sees them: the
 * first page, and each later page whose cursor a cached page of the same view handed out (the
 * keyset pages 2–7 a reader scrolls through; a cursor a client made up is read, not cached, so
 * it cannot push real pages out). A cached page is the page, its JSON, that JSON gzipped once
 * (after its opening brace, so a reader's marks can go before it: http/gzip-splice.ts), and a
 * weak ETag. It stays exactly what the database would answer because every change to what
 * a page shows comes with a live event, which reaches every instance (realtime/bus.ts) and drops
 * the pages it can change (`staleAfter`, one exhaustive switch: a new event type does not compile
 * until it says which pages it changes). A later page is a page like the first: its cursor pins
 * the view's head and the last piece before it, so what it shows is its own pieces (`ids`: the
 * cards, whose counts and badges events change) and the view's membership (what publish,
 * delete, hide and feature change), the same rules. What comes without an event is bounded:
 * - "This Week" loses a piece when it turns a week old: such a page expires when its oldest
 *   piece (of those read to make it) does;
 * - a writer renaming themselves or an admin editing a prompt's text changes cards without an
 *   event: every page is read again after FEED_CACHE_MAX_AGE_MS at most;
 * - missed events (the LISTEN connection was lost): the bus calls resync and everything goes.
 * A fill that started before an event is never stored (the epoch moved), and while this
 * instance's own write is between its commit and its NOTIFY nothing is stored at all.
 */

export const FEED_CACHE_MAX_ENTRIES = 200;
export const FEED_CACHE_MAX_BYTES = 16 * 1024 * 1024;
export const FEED_CACHE_MAX_AGE_MS = 30_000;
const WEEK_MS = THIS_WEEK_DAYS * 24 * 60 * 60 * 1000;

/** A view: the community's, or a circle's (`circleId`: issue 29 item 4, the same views of its own pieces). */
export type FeedKey = Pick<FeedParams, "prompt" | "filter" | "sort"> & { circleId?: string | undefined };

export interface CachedFeedPage {
  key: FeedKey;
  /** The cursor the page was asked with; null for the first page. */
  cursor: string | null;
  /** The page as a visitor sees it (likedByMe and isMine false). */
  page: CommunityFeedPage;
  ids: ReadonlySet<string>;
  /** The page's JSON, UTF-8. */
  plain: Uint8Array<ArrayBuffer>;
  /** The JSON after its opening `{`, compressed once: a signed-in reader's answer is their marks, then this. */
  tail: CompressedTail;
  /** The visitor's answer gzipped: `{` and the tail. */
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
  /** On the app's clock: after this the page is read again. */
  expiresAt: number;
  bytes: number;
}

function unreachable(event: never): never {
  throw new Error(`no cache rule for live event ${JSON.stringify(event)}`);
}

/**
 * Which cached pages an event changes. Exact, never looser: a page that may differ after the
 * event must answer true. A circle's pages hear their circle's events (`circleIds`), and the
 * community's events about a piece that may be shared with circles too.
 */
export function staleAfter(event: LiveEvent): (key: FeedKey, ids: ReadonlySet<string>) => boolean {
  switch (event.type) {
    // A new piece enters every view it matches; a deleted one leaves the views (and may have been
    // their head or the piece after the page, which the next cursor names): drop them all. A
    // piece of the community is announced by these alone even when shared with circles too, so
    // the rules below hold for circles' pages as well.
    case "piece:published":
    case "piece:deleted":
      return () => true;
    // Likes show on the card and order Most Liked (of the view's 200 newest, any of which may rise).
    case "piece:liked":
      return (key, ids) => key.sort === "liked" || ids.has(event.payload.id);
    // Comments, comments off and the content warning only show on the card: no view is filtered or ordered by them.
    case "piece:commented":
    case "piece:controls":
      return (_key, ids) => ids.has(event.payload.id);
    // The badge on the card, and the piece enters or leaves Editor's Picks (a circle's too).
    case "piece:featured":
      return (key, ids) => key.filter === "featured" || ids.has(event.payload.id);
    // The admins' report queue.
    case "reports:changed":
      return () => false;
    // A circle's own events reach its pages only.
    case "circle:published":
    case "circle:changed":
      return (key) => inCircles(key, event.payload.circleIds);
    case "circle:liked":
      return (key, ids) => inCircles(key, event.payload.circleIds) && (key.sort === "liked" || ids.has(event.payload.id));
    case "circle:commented":
      return (key, ids) => inCircles(key, event.payload.circleIds) && ids.has(event.payload.id);
    default:
      return unreachable(event);
  }
}

const inCircles = (key: FeedKey, circleIds: readonly string[]) => key.circleId !== undefined && circleIds.includes(key.circleId);

export const feedKeyString = (key: FeedKey) => `${key.circleId ? `${key.circleId}:` : ""}${key.prompt}|${key.filter}|${key.sort}`;
const pageKey = (key: FeedKey, cursor: string | null) => (cursor === null ? feedKeyString(key) : `${feedKeyString(key)}@${cursor}`);

const OPEN_BRACE = new TextEncoder().encode("{");

/** A weak validator: the gzipped and the plain body are the same representation. */
export const etagOf = (json: string) => `W/"${createHash("sha1").update(json).digest("base64url").slice(0, 22)}"`;

export class FeedCache implements EventFedCache {
  private readonly entries: BoundedEntries<CachedFeedPage>;
  /** Page keys a cached page's nextCursor leads to, with how many cached pages lead there. */
  private readonly handedOut = new Map<string, number>();
  private readonly filling = new Map<string, { epoch: number; value: Promise<CachedFeedPage> }>();
  private readonly own = new OwnEventHold();
  private epoch = 0;
  /** Pages answered from the cache, and read from the database, since start (GET /metrics). */
  hits = 0;
  misses = 0;

  constructor(private readonly limits = { entries: FEED_CACHE_MAX_ENTRIES, bytes: FEED_CACHE_MAX_BYTES, maxAgeMs: FEED_CACHE_MAX_AGE_MS }) {
    this.entries = new BoundedEntries(limits, (e) => this.countNext(e, -1));
  }

  get size(): number {
    return this.entries.size;
  }

  /** An event was delivered (committed, on any instance). */
  delivered(event: StoredLiveEvent): void {
    this.own.delivered(event.id);
    this.invalidate(event);
  }

  /** This instance recorded an event in a transaction that has not committed yet. */
  recorded(event: StoredLiveEvent): void {
    this.own.recorded(event.id);
    this.invalidate(event);
  }

  /** Events may have been missed: nothing cached can be trusted. */
  clear(): void {
    this.epoch++;
    this.entries.clear();
    this.handedOut.clear();
    this.filling.clear();
  }

  /** A page that may be cached: a first page, or a later one whose cursor a cached page handed out (or that is cached). */
  cacheable(key: FeedKey, cursor: string | null): boolean {
    if (cursor === null) return true;
    const k = pageKey(key, cursor);
    return this.handedOut.has(k) || this.entries.has(k);
  }

  /**
   * The cached page for `key` and `cursor` (null: the first page) if it is fresh, without reading
   * anything; counted as a hit unless `count` is false (a caller that may still hand the request
   * on counts its own answer: `hits++`).
   */
  peek(key: FeedKey, cursor: string | null, now: number, count = true): CachedFeedPage | undefined {
    const k = pageKey(key, cursor);
    const hit = this.entries.fresh(k, now);
    if (!hit) return undefined;
    // A hit is counted here (the fast path peeks), a miss in get(): a request that finds nothing
    // in the fast path goes on to get(), so each request counts once.
    if (count) this.hits++;
    return hit;
  }

  /** The cached page for `key` and `cursor`, or a fresh one from `load` (stored when nothing changed meanwhile). */
  get(key: FeedKey, cursor: string | null, now: number, load: () => Promise<{ page: CommunityFeedPage; oldest: Date | null }>): Promise<CachedFeedPage> {
    const hit = this.peek(key, cursor, now);
    if (hit) return Promise.resolve(hit);
    this.misses++;
    const k = pageKey(key, cursor);
    this.entries.remove(k);
    const pending = this.filling.get(k);
    if (pending && pending.epoch === this.epoch) return pending.value;
    const epoch = this.epoch;
    const value = load().then(({ page, oldest }) => {
      const entry = this.entry(key, cursor, page, oldest, now);
      if (this.filling.get(k)?.value === value) this.filling.delete(k);
      if (epoch === this.epoch && !this.own.holding()) this.store(k, entry);
      return entry;
    });
    value.catch(() => this.filling.get(k)?.value === value && this.filling.delete(k));
    this.filling.set(k, { epoch, value });
    return value;
  }

  private entry(key: FeedKey, cursor: string | null, page: CommunityFeedPage, oldest: Date | null, now: number): CachedFeedPage {
    const json = JSON.stringify(page);
    const plain = new TextEncoder().encode(json);
    const tail = compressTail(plain.subarray(1));
    const gzip = gzipHeadAndTail(OPEN_BRACE, tail);
    let expiresAt = now + this.limits.maxAgeMs;
    if (key.filter === "week" && oldest) expiresAt = Math.min(expiresAt, oldest.getTime() + WEEK_MS);
    const ids = new Set(page.items.map((i) => i.id));
    // The page's objects (about twice the JSON), the JSON's bytes, its compressed tail and the visitor's gzip.
    return { key, cursor, page, ids, plain, tail, gzip, etag: etagOf(json), expiresAt, bytes: plain.length * 3 + tail.deflate.length + gzip.length };
  }

  private invalidate(event: LiveEvent): void {
    this.epoch++;
    const stale = staleAfter(event);
    for (const [k, e] of this.entries.entries()) if (stale(e.key, e.ids)) this.entries.remove(k);
  }

  private store(k: string, entry: CachedFeedPage): void {
    if (this.entries.store(k, entry)) this.countNext(entry, 1);
  }

  private countNext(e: CachedFeedPage, by: 1 | -1): void {
    if (e.page.nextCursor === null) return;
    const next = pageKey(e.key, e.page.nextCursor);
    const n = (this.handedOut.get(next) ?? 0) + by;
    if (n > 0) this.handedOut.set(next, n);
    else this.handedOut.delete(next);
  }
}
