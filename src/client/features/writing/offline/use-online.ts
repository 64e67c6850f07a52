import { useSyncExternalStore } from "react";
import { onReachability, serverUnreachable } from "#client/lib/reachability.ts";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  const stop = onReachability(onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
    stop();
  };
}

/** Whether the page can reach the server: the browser believes it has a connection (navigator.onLine), and the last request that tried did not fail for the network (lib/reachability.ts). */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine && !serverUnreachable(),
    () => true,
  );
