import type { LiveEvent } from "#shared/schemas/events.ts";
import type { Deps } from "../../deps.ts";
import { etagOf } from "../community/feed-cache.ts";
import type { FeedKind } from "./feeds.atom.ts";

/*
 * Each instance keeps each feed's XML, so a feed reader polling (or many of them) reads the
 * database once per FEED_MEMORY_MS at most. A change a feed shows comes with a live event on
 * every instance (realtime/bus.ts), which drops the feeds it can change (`feedsChangedBy`);
 * what comes without one (a writer renaming themselves, a prompt's text edited) shows after
 * FEED_MEMORY_MS at most. Readers and proxies may keep a feed FEED_MAX_AGE_SECONDS and then
 * revalidate with its ETag.
 */

export const FEED_MEMORY_MS = 60_000;
export const FEED_MAX_AGE_SECONDS = 300;

export interface CachedFeed {
  xml: string;
  etag: string;
  /** On the app's clock (the test clock may move back: a feed made "later" is not used). */
  madeAt: number;
  expiresAt: number;
}

function unreachable(event: never): never {
  throw new Error(`no feed rule for live event ${JSON.stringify(event)}`);
}

/** The feeds an event may change. A new event type does not compile until it says. */
export function feedsChangedBy(event: LiveEvent): FeedKind[] {
  switch (event.type) {
    // A piece published, deleted, hidden, shown again, or its content warning changed: any feed may hold it.
    case "piece:published":
    case "piece:deleted":
    case "piece:controls":
      return ["community", "picks"];
    case "piece:featured":
      return ["picks"];
    // Likes, comments and reports are not in a feed.
    case "piece:liked":
    case "piece:commented":
    case "reports:changed":
      return [];
    // A piece shared with circles only is in no public feed.
    case "circle:published":
    case "circle:liked":
    case "circle:commented":
    case "circle:changed":
      return [];
    default:
      return unreachable(event);
  }
}

export class FeedsCache {
  private readonly entries = new Map<FeedKind, CachedFeed>();
  private readonly epochs: Record<FeedKind, number> = {
    community: 0,
    picks: 0,
  };

  drop(kinds: readonly FeedKind[]): void {
    for (const kind of kinds) {
      this.epochs[kind]++;
      this.entries.delete(kind);
    }
  }

  /** The cached feed, or a fresh one from `load` (kept only when no event came meanwhile). */
  async get(kind: FeedKind, now: number, load: () => Promise<string>): Promise<CachedFeed> {
    const hit = this.entries.get(kind);
    if (hit && hit.madeAt <= now && now < hit.expiresAt) return hit;
    const epoch = this.epochs[kind];
    const xml = await load();
    const entry = { xml, etag: etagOf(xml), madeAt: now, expiresAt: now + FEED_MEMORY_MS };
    if (epoch === this.epochs[kind]) this.entries.set(kind, entry);
    return entry;
  }
}

const caches = new WeakMap<Deps, FeedsCache>();

/** The instance's cache, subscribed to the live events on first use. */
export function feedsCacheOf(deps: Deps): FeedsCache {
  let cache = caches.get(deps);
  if (!cache) {
    const created = new FeedsCache();
    // Dropped when this instance records a change (before its commit, so its own next read is
    // fresh) and again when any instance's change is delivered; everything on a resync.
    deps.realtime.onLocalPublish((e) => created.drop(feedsChangedBy(e)));
    deps.realtime.subscribe((e) => created.drop(feedsChangedBy(e)));
    deps.realtime.onResync(() => created.drop(["community", "picks"]));
    caches.set(deps, created);
    cache = created;
  }
  return cache;
}
