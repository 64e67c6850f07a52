import type { Deps } from "../deps.ts";
import type { StoredLiveEvent } from "./bus.ts";

/*
 * What the instance's exact caches (the feed's pages, the visitor's podium) share about the live
 * events that keep them exact: the three hooks on the bus, made once per instance, and the hold on
 * storing while this instance's own write is between its commit and its NOTIFY.
 */

/** A cache kept exact by the live events. */
export interface EventFedCache {
  /** An event was delivered (committed, on any instance). */
  delivered(event: StoredLiveEvent): void;
  /** This instance recorded an event in a transaction that has not committed yet. */
  recorded(event: StoredLiveEvent): void;
  /** Events may have been missed: nothing kept can be trusted. */
  clear(): void;
}

/** The instance's cache from `caches`, made by `make` and subscribed to the bus on first use. */
export function eventFedCacheOf<T extends EventFedCache>(caches: WeakMap<Deps, T>, deps: Deps, make: () => T): T {
  let cache = caches.get(deps);
  if (!cache) {
    const created = make();
    deps.realtime.subscribe((e) => created.delivered(e));
    deps.realtime.onLocalPublish((e) => created.recorded(e));
    deps.realtime.onResync(() => created.clear());
    caches.set(deps, created);
    cache = created;
  }
  return cache;
}

/** An own write whose NOTIFY never came (it rolled back) stops holding after this. */
const LOCAL_HOLD_MS = 5_000;
const RECENTLY_DELIVERED_MAX = 1024;

/**
 * This instance's own events recorded but not yet delivered back through NOTIFY: while any is,
 * nothing read may be stored (it may predate the commit). An own event delivered before it was
 * recorded (PGlite, outside a transaction) holds nothing.
 */
export class OwnEventHold {
  private readonly pending = new Map<number, number>();
  private readonly recentlyDelivered = new Set<number>();

  delivered(id: number): void {
    this.pending.delete(id);
    this.recentlyDelivered.add(id);
    if (this.recentlyDelivered.size > RECENTLY_DELIVERED_MAX) this.recentlyDelivered.delete(this.recentlyDelivered.values().next().value!);
  }

  recorded(id: number): void {
    if (!this.recentlyDelivered.has(id)) this.pending.set(id, Date.now() + LOCAL_HOLD_MS);
  }

  holding(): boolean {
    const now = Date.now();
    for (const [id, until] of this.pending) if (until <= now) this.pending.delete(id);
    return this.pending.size > 0;
  }
}
