import type { LiveEvent } from "#shared/schemas/events.ts";
import type { PublicPodium } from "#shared/schemas/admin.ts";
import type { Deps } from "../../deps.ts";
import type { StoredLiveEvent } from "../../realtime/bus.ts";
import { eventFedCacheOf, OwnEventHold, type EventFedCache } from "../../realtime/event-fed-cache.ts";

/*
 * The public podium as a visitor sees it, kept per instance (issue 28 item 3: "the public podium
 * served from the same exact, event-invalidated cache"). GET /api/podium for a visitor, and so the
 * /podium page rendered on the server (which asks that route in process), read it from here.
 *
 * It stays what the database would answer because every change to what it shows comes with a live
 * event that reaches every instance (realtime/bus.ts): a pick made or taken back (piece:featured),
 * a piece deleted, hidden or made private (piece:deleted), its controls or its text (piece:controls,
 * piece:published), a circle-only change (circle:changed). Any such event drops it, whatever piece
 * it names: the podium is one small read, so being exact matters more than keeping it. What comes
 * without an event (a writer renaming themselves, an admin editing a prompt's words) is bounded as
 * the feed's pages are: it is read again after PODIUM_CACHE_MAX_AGE_MS at most.
 * A read that started before an event is never kept, nor one made while this instance's own write
 * is between its commit and its NOTIFY (the feed cache's rule, feed-cache.ts).
 * A signed-in reader's podium leaves out the writers they block: it is read for them, as before.
 */

export const PODIUM_CACHE_MAX_AGE_MS = 30_000;

function unreachable(event: never): never {
  throw new Error(`no podium rule for live event ${JSON.stringify(event)}`);
}

/** Whether the visitor's podium may differ after `event` (exhaustive: a new event type does not compile until it says). */
export function podiumStaleAfter(event: LiveEvent): boolean {
  switch (event.type) {
    case "piece:published":
    case "piece:deleted":
    case "piece:featured":
    case "piece:controls":
    case "circle:changed":
      return true;
    // Likes and comments are not on the podium's cards; the report queue and a circle's own pieces never are.
    case "piece:liked":
    case "piece:commented":
    case "reports:changed":
    case "circle:published":
    case "circle:liked":
    case "circle:commented":
      return false;
    default:
      return unreachable(event);
  }
}

export class PodiumCache implements EventFedCache {
  private value: { body: PublicPodium; expiresAt: number } | null = null;
  private filling: { epoch: number; promise: Promise<PublicPodium> } | null = null;
  private epoch = 0;
  private readonly own = new OwnEventHold();
  /** Answered from the cache, and read from the database, since start. */
  hits = 0;
  misses = 0;

  constructor(private readonly maxAgeMs = PODIUM_CACHE_MAX_AGE_MS) {}

  delivered(event: StoredLiveEvent): void {
    this.own.delivered(event.id);
    this.invalidate(event);
  }

  recorded(event: StoredLiveEvent): void {
    if (!podiumStaleAfter(event)) return;
    this.own.recorded(event.id);
    this.invalidate(event);
  }

  clear(): void {
    this.epoch++;
    this.value = null;
    this.filling = null;
  }

  /** The visitor's podium: kept if fresh, else read by `load` (and kept when nothing changed meanwhile). */
  get(now: number, load: () => Promise<PublicPodium>): Promise<PublicPodium> {
    if (this.value && this.value.expiresAt > now) {
      this.hits++;
      return Promise.resolve(this.value.body);
    }
    this.misses++;
    this.value = null;
    if (this.filling && this.filling.epoch === this.epoch) return this.filling.promise;
    const epoch = this.epoch;
    const promise = load().then((body) => {
      if (this.filling?.promise === promise) this.filling = null;
      if (epoch === this.epoch && !this.own.holding()) this.value = { body, expiresAt: now + this.maxAgeMs };
      return body;
    });
    promise.catch(() => this.filling?.promise === promise && (this.filling = null));
    this.filling = { epoch, promise };
    return promise;
  }

  private invalidate(event: LiveEvent): void {
    if (!podiumStaleAfter(event)) return;
    this.epoch++;
    this.value = null;
  }
}

const caches = new WeakMap<Deps, PodiumCache>();

/** The instance's podium cache, with its subscriptions made on first use. */
export const podiumCacheOf = (deps: Deps): PodiumCache => eventFedCacheOf(caches, deps, () => new PodiumCache());
