import { useSyncExternalStore } from "react";
import { servedOffline } from "#client/lib/offline-copy.ts";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/**
 * Whether the page can reach the server: the browser believes it has a connection
 * (navigator.onLine), and no answer on screen is the service worker's offline copy (a failed
 * request is the other sign: lib/offline-copy.ts). The copies are read as the page renders (it
 * renders again when the answer holding one arrives), so they need no subscription of their own.
 */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine && !servedOffline(),
    () => true,
  );
