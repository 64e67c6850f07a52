/*
 * What the instance's exact caches keep (the feed's pages, feed-cache.ts; the open pieces,
 * piece-cache.ts): entries by key, the most recently used last, bounded in number and in bytes.
 * Storing pushes the least recently used out until both bounds hold; an entry larger than the
 * byte bound is not stored at all. Freshness is each entry's own `expiresAt`.
 */

/** An entry: when it stops being served (the cache's clock), and what it holds in memory. */
export interface BoundedEntry {
  expiresAt: number;
  bytes: number;
}

export class BoundedEntries<V extends BoundedEntry> {
  private readonly map = new Map<string, V>();
  private total = 0;

  constructor(
    private readonly limits: { entries: number; bytes: number },
    /** Told of every entry that leaves by remove() or eviction (not by clear()). */
    private readonly onRemove: (value: V) => void = () => {},
  ) {}

  get size(): number {
    return this.map.size;
  }

  has(key: string): boolean {
    return this.map.has(key);
  }

  /** The entry for `key` if it is still fresh at `now`, made the most recently used. */
  fresh(key: string, now: number): V | undefined {
    const hit = this.map.get(key);
    if (!hit || hit.expiresAt <= now) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit;
  }

  /** Keeps `value` under `key` (in place of what was there); false when it is not kept (larger than the byte bound). */
  store(key: string, value: V): boolean {
    if (value.bytes > this.limits.bytes) return false;
    this.remove(key);
    this.map.set(key, value);
    this.total += value.bytes;
    for (const [oldest] of this.map) {
      if (this.map.size <= this.limits.entries && this.total <= this.limits.bytes) break;
      this.remove(oldest);
    }
    return this.map.has(key);
  }

  /** Removes `key`'s entry; false when there was none. */
  remove(key: string): boolean {
    const value = this.map.get(key);
    if (!value) return false;
    this.map.delete(key);
    this.total -= value.bytes;
    this.onRemove(value);
    return true;
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }

  /** Every entry, oldest first (removing while iterating is safe). */
  entries(): IterableIterator<[string, V]> {
    return this.map.entries();
  }
}
