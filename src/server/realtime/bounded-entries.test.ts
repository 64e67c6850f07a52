import { describe, expect, it } from "vitest";
import { BoundedEntries } from "./bounded-entries.ts";

/* The store under the exact caches: bounded in number and bytes, least recently used out first, fresh by each entry's own time. */

const entry = (bytes: number, expiresAt = 1_000) => ({ bytes, expiresAt });

describe("BoundedEntries", () => {
  it("keeps at most its number of entries, pushing out the least recently used", () => {
    const removed: number[] = [];
    const store = new BoundedEntries<{ bytes: number; expiresAt: number }>({ entries: 2, bytes: 100 }, (v) => removed.push(v.bytes));
    store.store("a", entry(1));
    store.store("b", entry(2));
    // Reading "a" makes "b" the least recently used.
    expect(store.fresh("a", 0)).toEqual(entry(1));
    expect(store.store("c", entry(3))).toBe(true);
    expect([...store.entries()].map(([k]) => k)).toEqual(["a", "c"]);
    expect(removed).toEqual([2]);
  });

  it("keeps its bytes within bound, and does not keep an entry larger than it", () => {
    const store = new BoundedEntries<{ bytes: number; expiresAt: number }>({ entries: 10, bytes: 10 });
    store.store("a", entry(4));
    store.store("b", entry(4));
    store.store("c", entry(4));
    expect([...store.entries()].map(([k]) => k)).toEqual(["b", "c"]);
    expect(store.store("huge", entry(11))).toBe(false);
    expect(store.has("huge")).toBe(false);
    // Replacing an entry counts its bytes once.
    store.store("c", entry(6));
    expect([...store.entries()].map(([k]) => k)).toEqual(["b", "c"]);
    store.store("d", entry(1));
    expect([...store.entries()].map(([k]) => k)).toEqual(["c", "d"]);
  });

  it("serves an entry only until its own time, and forgets everything on clear", () => {
    const store = new BoundedEntries<{ bytes: number; expiresAt: number }>({ entries: 10, bytes: 100 });
    store.store("a", entry(1, 50));
    expect(store.fresh("a", 49)).toBeDefined();
    expect(store.fresh("a", 50)).toBeUndefined();
    expect(store.remove("a")).toBe(true);
    expect(store.remove("a")).toBe(false);
    store.store("b", entry(1));
    store.clear();
    expect(store.size).toBe(0);
    // After a clear the byte count starts again from nothing.
    store.store("c", entry(100));
    expect(store.has("c")).toBe(true);
  });
});
