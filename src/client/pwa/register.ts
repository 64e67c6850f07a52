import { useSyncExternalStore } from "react";
import { answerWorkerAsks } from "#client/lib/answers-outside-worker.ts";
import { browserTimeZone } from "#client/lib/api-client.ts";

/**
 * Registers the service worker from the page's own bundle (no inline script: the CSP allows none),
 * in the built app only. A new version waits until the writer chooses to reload (registerType
 * "prompt"): nothing changes under a writer mid-sentence. workbox-window is loaded after the page
 * has, out of the first page's bundle.
 */
const UPDATE_CHECK_MS = 60 * 60_000;
let update: (() => void) | null = null;
const listeners = new Set<() => void>();

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  // At once: a first worker asks what this page fetched before it, just before it takes control.
  answerWorkerAsks(browserTimeZone);
  const start = () => void register().catch(() => undefined);
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}

async function register(): Promise<void> {
  const { Workbox } = await import("workbox-window");
  const wb = new Workbox("/sw.js", { scope: "/" });
  wb.addEventListener("waiting", () => {
    update = () => {
      void navigator.serviceWorker.getRegistration().then((registration) => {
        // Another tab's "Reload" has already made the new version the one in charge: just reload.
        if (!registration?.waiting) return window.location.reload();
        wb.addEventListener("controlling", () => window.location.reload());
        wb.messageSkipWaiting();
      });
    };
    for (const l of listeners) l();
  });
  // Some browsers refuse workers (private windows): the app then simply runs without one (start's catch).
  await wb.register();
  window.setInterval(() => void wb.update(), UPDATE_CHECK_MS);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The waiting version's "reload" (null while there is none). */
export const useWaitingUpdate = (): (() => void) | null => useSyncExternalStore(subscribe, () => update, () => null);
