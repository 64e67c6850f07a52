import { useCallback, useSyncExternalStore } from "react";

export type ViewMode = "grid" | "list";
const KEY = "inkwell:community-view";

/** This visit's choice when the browser cannot store it (private mode). */
let unsaved: ViewMode | null = null;
const listeners = new Set<() => void>();

function stored(): ViewMode {
  if (unsaved) return unsaved;
  try {
    return localStorage.getItem(KEY) === "list" ? "list" : "grid";
  } catch {
    return "grid";
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Grid or list, remembered in this browser. A server-rendered page shows the grid (the server
 * cannot know), and switches to the remembered view right after hydrating.
 */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const mode = useSyncExternalStore<ViewMode>(subscribe, stored, () => "grid");
  const set = useCallback((next: ViewMode) => {
    try {
      localStorage.setItem(KEY, next);
      unsaved = null;
    } catch {
      unsaved = next; // private mode: remembered for this visit only
    }
    for (const l of listeners) l();
  }, []);
  return [mode, set];
}
