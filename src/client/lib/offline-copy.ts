import { useSyncExternalStore } from "react";
import { OFFLINE_ACCOUNT_CACHE, OFFLINE_CACHE_PREFIX, OFFLINE_COPY_HEADER } from "#shared/pwa.ts";

/**
 * Which API answers on screen are the service worker's offline copies (issue 16 item 1): the
 * worker marks a copy with the time it was fetched (shared/pwa.ts); a fresh answer from the
 * network clears the mark for its path.
 */
const copies = new Map<string, string>();
const listeners = new Set<() => void>();
let version = 0;

export function noteOfflineCopy(res: Response): void {
  if (!res.url) return;
  const path = new URL(res.url, "http://app.invalid").pathname;
  const fetchedAt = res.headers.get(OFFLINE_COPY_HEADER);
  if ((copies.get(path) ?? null) === fetchedAt) return;
  if (fetchedAt) copies.set(path, fetchedAt);
  else copies.delete(path);
  version++;
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/**
 * Some answer on screen is the worker's offline copy: the server was not reached for it. The
 * writing page's other sign of being offline, besides navigator.onLine, which a browser may keep
 * true while nothing gets through (a captive network; Chromium 150 under Playwright's offline
 * emulation, for a page its worker served).
 */
export const servedOffline = (): boolean => copies.size > 0;

/** The oldest fetch time among those paths' offline copies now on screen (null: all fresh). */
export function useOfflineCopyTime(paths: readonly string[]): Date | null {
  useSyncExternalStore(subscribe, () => version, () => 0);
  const times = paths.flatMap((p) => (copies.has(p) ? [new Date(copies.get(p)!)] : []));
  if (times.length === 0) return null;
  return new Date(Math.min(...times.map((t) => t.getTime())));
}

/** On sign-out (or another account signing in): the worker's private copies must not outlive the session. */
export async function clearOfflineCopies(): Promise<void> {
  copies.clear();
  version++;
  for (const l of listeners) l();
  if (typeof caches === "undefined") return;
  const names = await caches.keys().catch(() => []);
  await Promise.all(names.filter((n) => n.startsWith(OFFLINE_CACHE_PREFIX) || n === OFFLINE_ACCOUNT_CACHE).map((n) => caches.delete(n)));
}
