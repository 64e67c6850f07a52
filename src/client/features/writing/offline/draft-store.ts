import { createStore, del, entries, set, type UseStore } from "idb-keyval";

/**
 * Where drafts live (issue 16 item 2): IndexedDB, through idb-keyval, in a database of their own
 * (idb-keyval creates one object store per database: a second store in the same database is never
 * created). Reads are synchronous from a copy in memory, loaded once before a writing page shows
 * (`loadDrafts`); every write goes to the copy at once and to IndexedDB in order, and is told to
 * the other tabs of this browser (BroadcastChannel: IndexedDB has no "storage" event), with a
 * copy in localStorage until IndexedDB confirms (`writeAhead`). Drafts kept in localStorage by an
 * older version are moved over once (read, written here, removed). Without IndexedDB (old private
 * modes, the unit tests) localStorage and the copy in memory are all there is.
 */
const DB_NAME = "inkwell-drafts";
const STORE_NAME = "drafts";
const CHANNEL = "inkwell-drafts";
/** The localStorage keys drafts had before (storage.ts keeps the same names). */
const LEGACY_PREFIX = "inkwell.draft.";

export type DraftChange = (key: string, newValue: string | null) => void;

const cache = new Map<string, string>();
let idb: UseStore | null = null;
let loading: Promise<void> | null = null;
let loaded = false;
let chain: Promise<unknown> = Promise.resolve();
/** The last write to IndexedDB failed (full, or gone): the save state must not say "saved". */
let lastFailed = false;
let channel: BroadcastChannel | null = null;
const listeners = new Set<DraftChange>();

function openStore(): UseStore | null {
  try {
    return typeof indexedDB === "undefined" ? null : createStore(DB_NAME, STORE_NAME);
  } catch {
    return null;
  }
}

function openChannel(): void {
  if (channel || typeof BroadcastChannel === "undefined") return;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e: MessageEvent<{ key: string; value: string | null }>) => {
    const { key, value } = e.data;
    if (value === null) cache.delete(key);
    else cache.set(key, value);
    for (const l of listeners) l(key, value);
  };
}

function legacyDrafts(): [string, string][] {
  try {
    const ls = window.localStorage;
    const found: [string, string][] = [];
    for (let i = 0; i < ls.length; i++) {
      const key = ls.key(i);
      const value = key?.startsWith(LEGACY_PREFIX) ? ls.getItem(key) : null;
      if (key && value !== null) found.push([key, value]);
    }
    return found;
  } catch {
    return [];
  }
}

function updatedAt(raw: string | undefined): number {
  try {
    const at: unknown = raw ? (JSON.parse(raw) as { updatedAt?: unknown }).updatedAt : undefined;
    return typeof at === "number" ? at : 0;
  } catch {
    return 0;
  }
}

async function load(): Promise<void> {
  idb = openStore();
  openChannel();
  if (idb) {
    try {
      for (const [key, value] of await entries<string, string>(idb)) if (typeof value === "string") cache.set(key, value);
    } catch {
      idb = null;
    }
  }
  // Copies in localStorage: a write that had not landed when the page went (newer than IndexedDB's),
  // or a draft an older version kept there (moved over once, unless one here is newer).
  for (const [key, value] of legacyDrafts()) {
    if (!cache.has(key) || updatedAt(value) > updatedAt(cache.get(key))) {
      cache.set(key, value);
      if (idb) await set(key, value, idb).catch(() => undefined);
    }
    if (idb) window.localStorage.removeItem(key);
  }
  loaded = true;
}

/** Loads the drafts once (a writing page waits for it; it takes milliseconds). */
export function loadDrafts(): Promise<void> {
  if (typeof window === "undefined") return Promise.resolve();
  loading ??= load().catch(() => {
    loaded = true;
  });
  return loading;
}

export const draftsLoaded = () => loaded;

/**
 * Until IndexedDB confirms a write, a copy waits in localStorage, written at once: IndexedDB writes
 * are asynchronous, and a reload or a closing tab right after the last keystroke would end before
 * one lands. `load` reads such a copy back when it is newer. Without IndexedDB it is the only copy.
 */
function writeAhead(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Full or unavailable: IndexedDB's write is still under way.
  }
}

function landed(key: string, value: string | null): void {
  lastFailed = false;
  try {
    if (value !== null && window.localStorage.getItem(key) === value) window.localStorage.removeItem(key);
  } catch {
    // Left for the next load, which finds it no newer.
  }
}

function persist(key: string, value: string | null): void {
  channel?.postMessage({ key, value });
  writeAhead(key, value);
  const store = idb;
  if (!store) return;
  chain = chain
    .then(() => (value === null ? del(key, store) : set(key, value, store)))
    .then(
      () => landed(key, value),
      () => (lastFailed = true),
    );
}

/** The drafts, read and written like a Storage (storage.ts's functions use it). */
export const draftStorage = {
  get length() {
    return cache.size;
  },
  key: (i: number): string | null => [...cache.keys()][i] ?? null,
  getItem: (key: string): string | null => cache.get(key) ?? null,
  setItem(key: string, value: string): void {
    if (cache.get(key) === value) return;
    cache.set(key, value);
    persist(key, value);
  },
  removeItem(key: string): void {
    if (!cache.has(key)) return;
    cache.delete(key);
    persist(key, null);
  },
};

/** Resolves when every write so far has landed on the device: true when the last one did. */
export const draftsWritten = (): Promise<boolean> => chain.then(() => !lastFailed);

/** Another tab changed a draft (after this tab's copy follows it). */
export function onDraftChange(listener: DraftChange): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Unit tests: start from nothing. */
export function forgetDrafts(): void {
  cache.clear();
}
