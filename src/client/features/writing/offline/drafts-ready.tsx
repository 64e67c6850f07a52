import { useEffect, useState, type ReactNode } from "react";
import { draftsLoaded, loadDrafts } from "./draft-store.ts";

/**
 * Shows a writing page once the drafts on this device are read (IndexedDB answers
 * asynchronously, in milliseconds): the page starts with the writer's text, never empty first.
 */
export function DraftsReady({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(draftsLoaded);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadDrafts().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready]);
  return ready ? children : null;
}
