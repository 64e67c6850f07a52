import { useCallback, useEffect, useRef } from "react";
import { useBlocker, type Blocker, type BlockerFunction } from "react-router";

/**
 * A writer's text is never lost silently: while `dirty`, closing or reloading the tab asks the
 * browser's own question (beforeunload), and moving elsewhere inside the app is held until the
 * writer confirms (`blocker.state === "blocked"`: show <UnsavedChangesDialog>).
 * Call `allowLeave()` right before navigating away after a successful save.
 */
export function useUnsavedGuard(dirty: boolean): { blocker: Blocker; allowLeave: () => void } {
  const dirtyRef = useRef(dirty);
  const leaving = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      if (leaving.current) return;
      e.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // Read at navigation time (refs, not the render's values), so a save that navigates is let through.
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        dirtyRef.current && !leaving.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
      [],
    ),
  );
  const allowLeave = useCallback(() => {
    leaving.current = true;
  }, []);
  return { blocker, allowLeave };
}
