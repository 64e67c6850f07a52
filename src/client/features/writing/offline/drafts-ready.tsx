import { useEffect, useState, type ReactNode } from "react";
import { LoadingState } from "#client/components/ui/states.tsx";
import { draftsLoaded, loadDrafts } from "./draft-store.ts";

/**
 * Shows a writing page once the drafts on this device are read (IndexedDB answers
 * asynchronously, usually in milliseconds; meanwhile it says so): the page starts with the writer's
 * text, never empty first.
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
  return ready ? children : <LoadingState label="Opening your draft..." />;
}
