import { useCallback, useState } from "react";

export type ViewMode = "grid" | "list";
const KEY = "inkwell:community-view";

function stored(): ViewMode {
  try {
    return localStorage.getItem(KEY) === "list" ? "list" : "grid";
  } catch {
    return "grid";
  }
}

/** Grid or list, remembered in this browser. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(stored);
  const set = useCallback((next: ViewMode) => {
    setMode(next);
    try {
      localStorage.setItem(KEY, next);
    } catch {
      /* private mode: remembered for this visit only */
    }
  }, []);
  return [mode, set];
}
