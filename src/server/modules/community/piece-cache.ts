import { gzipSync } from "node:zlib";
import type { z } from "zod";
import type { pieceDetailResponse } from "#shared/schemas/community.ts";
import type { LiveEvent } from "#shared/schemas/events.ts";
import type { Deps } from "../../deps.ts";
import type { StoredLiveEvent } from "../../realtime/bus.ts";
import { BoundedEntries } from "../../realtime/bounded-entries.ts";
import { eventFedCacheOf, OwnEventHold, type EventFedCache } from "../../realtime/event-fed-cache.ts";
import { etagOf } from "./feed-cache.ts";

/*
 * An open piece as a visitor reads it (GET /api/community/pieces/:id without a session; issue 28
 * item 3), kept per instance by id once it is asked for twice lately (`admits`): its JSON, that
 * JSON gzipped once, and a weak ETag. Only what
 * the visitor may read is ever in it: it is filled by the same read as before (getPiece with no
 * viewer, db/audience.ts decides), and a piece the visitor may not read is a 404, never kept.
 *
 * It stays what the database would answer the way the feed's pages do (feed-cache.ts): every
 * change to what the open piece shows comes with a live event that reaches every instance, and
 * `pieceStaleAfter` (one exhaustive switch) says which piece each event changes: its likes, its
 * comments, its controls and content warning, its pick, its deletion, hiding or move to private,
 * its coming back, and a deleted writer's pieces turning Anonymous (piece:controls). A published public piece's
 * text, title and signature never change (only a private piece is edited). What comes without an
 * event (a writer renaming themselves, an admin editing a prompt's words) is bounded as on the
 * feed: a piece is read again after PIECE_CACHE_MAX_AGE_MS at most. A read that began before an
 * event naming its piece (or a resync) is not kept, nor one made while this instance's
 * own write is between its commit and its NOTIFY.
 *
 * A signed-in reader is answered from it with their own marks (piece-reader.ts): a piece a visitor
 * may open, every reader may open (db/audience.ts, "open"), and their two marks are its only
 * difference. Their reads of a piece visitors may open count at the door and fill it too.
 */

export const PIECE_CACHE_MAX_ENTRIES = 1_000;
export const PIECE_CACHE_MAX_BYTES = 8 * 1024 * 1024;
export const PIECE_CACHE_MAX_AGE_MS = 30_000;

/** A visitor's answer, made once: the JSON, gzipped, and its validator; and the answer itself, which a reader's is made from (piece-reader.ts). */
export interface CachedPiece {
  id: string;
  body: PieceDetailResponse;
  /** What it holds: the answer's objects (about twice its JSON), the JSON and the gzip. */
  bytes: number;
  plain: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
  expiresAt: number;
}

function unreachable(event: never): never {
  throw new Error(`no piece cache rule for live event ${JSON.stringify(event)}`);
}

/** Which kept piece an event may change, by its id as kept (lower case), or none (exhaustive, never looser). */
export function pieceStaleAfter(event: LiveEvent): "none" | string {
  switch (event.type) {
    // A piece published, or restored by a moderator or from the trash, was a 404 before, and a 404
    // is never kept; no other piece shows anything of it (a piece's streak is its own, stored).
    // A circle's events name pieces a visitor may read too when they are also public.
    case "piece:published":
    case "piece:deleted":
    case "piece:liked":
    case "piece:commented":
    case "piece:controls":
    case "piece:featured":
    case "circle:published":
    case "circle:changed":
    case "circle:liked":
    case "circle:commented":
      return event.payload.id.toLowerCase();
    case "reports:changed":
      return "none";
    default:
      return unreachable(event);
  }
}

const utf8 = new TextEncoder();

type PieceDetailResponse = z.output<typeof pieceDetailResponse>;

export class PieceCache implements EventFedCache {
  private readonly entries: BoundedEntries<CachedPiece>;
  /** Reads under way, by id; `stale` once an event named their piece while they ran. */
  private readonly filling = new Map<string, { epoch: number; stale: boolean; value: Promise<CachedPiece> }>();
  private readonly own = new OwnEventHold();
  /** Pieces read once lately and not kept, or kept and dropped by an event (admits), oldest first. */
  private readonly missedOnce = new Set<string>();
  private epoch = 0;
  /** Answered from the cache, and read from the database (a first read let by the door included), since start. */
  hits = 0;
  misses = 0;

  constructor(private readonly limits = { entries: PIECE_CACHE_MAX_ENTRIES, bytes: PIECE_CACHE_MAX_BYTES, maxAgeMs: PIECE_CACHE_MAX_AGE_MS }) {
    this.entries = new BoundedEntries(limits);
  }

  get size(): number {
    return this.entries.size;
  }

  delivered(event: StoredLiveEvent): void {
    this.own.delivered(event.id);
    const stale = pieceStaleAfter(event);
    if (stale !== "none") this.drop(stale);
  }

  recorded(event: StoredLiveEvent): void {
    const stale = pieceStaleAfter(event);
    if (stale === "none") return;
    this.own.recorded(event.id);
    this.drop(stale);
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
    this.filling.clear();
    this.missedOnce.clear();
  }

  /** The kept answer for piece `id` (lower case) if it is fresh, without reading anything; counted as a hit unless `count` is false (FeedCache.peek). */
  peek(id: string, now: number, count = true): CachedPiece | undefined {
    const hit = this.entries.fresh(id, now);
    if (!hit) return undefined;
    if (count) this.hits++;
    return hit;
  }

  /** The kept answer for `id`, or one made from `load` (kept when nothing changed it meanwhile). A load that throws (a 404) keeps nothing. */
  get(id: string, now: number, load: () => Promise<PieceDetailResponse>): Promise<CachedPiece> {
    const hit = this.peek(id, now);
    if (hit) return Promise.resolve(hit);
    this.misses++;
    this.entries.remove(id);
    const pending = this.filling.get(id);
    if (pending && pending.epoch === this.epoch && !pending.stale) return pending.value;
    const fill = { epoch: this.epoch, stale: false, value: null as unknown as Promise<CachedPiece> };
    fill.value = load().then((body) => {
      const json = JSON.stringify(body);
      const plain = utf8.encode(json);
      const gzip = gzipSync(plain) as Uint8Array<ArrayBuffer>;
      const entry: CachedPiece = { id, body, bytes: plain.length * 3 + gzip.length, plain, gzip, etag: etagOf(json), expiresAt: now + this.limits.maxAgeMs };
      if (this.filling.get(id) === fill) this.filling.delete(id);
      if (fill.epoch === this.epoch && !fill.stale && !this.own.holding()) this.entries.store(id, entry);
      return entry;
    });
    fill.value.catch(() => this.filling.get(id) === fill && this.filling.delete(id));
    this.filling.set(id, fill);
    return fill.value;
  }

  /**
   * Whether a read of `id` that missed should fill the cache: a piece asked for twice lately (the
   * first ask is noted, and answered as before by its caller, uncounted here), or one kept until it
   * expired or an event dropped it. Most pieces are read once: keeping each would make every such
   * read pay for an answer nobody reuses, and push out the pieces people do come back to.
   */
  admits(id: string): boolean {
    // Asked for before, being kept now, or kept until it expired or an event dropped it.
    if (this.missedOnce.delete(id) || this.filling.has(id) || this.entries.has(id)) return true;
    this.noteMissed(id);
    return false;
  }

  private noteMissed(id: string): void {
    this.missedOnce.add(id);
    if (this.missedOnce.size > this.limits.entries * 4) this.missedOnce.delete(this.missedOnce.values().next().value!);
  }

  /** An event changed piece `id`: what is kept of it goes, and a read of it under way is not kept. */
  private drop(id: string): void {
    // Kept again on its next read (admits): it was asked for often enough to be kept once.
    if (this.entries.remove(id)) this.noteMissed(id);
    const pending = this.filling.get(id);
    if (pending) pending.stale = true;
  }
}

const caches = new WeakMap<Deps, PieceCache>();

/** The instance's piece cache, with its subscriptions made on first use. */
export const pieceCacheOf = (deps: Deps): PieceCache => eventFedCacheOf(caches, deps, () => new PieceCache());
