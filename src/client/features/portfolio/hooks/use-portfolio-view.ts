import { useCallback, useState } from "react";

export type PortfolioView = "cards" | "list";
const STORAGE_KEY = "inkwell.portfolio.view";

function readView(): PortfolioView {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === "list" ? "list" : "cards";
  } catch {
    return "cards";
  }
}

/** Cards or list, remembered on this device. */
export function usePortfolioView(): [PortfolioView, (view: PortfolioView) => void] {
  const [view, setView] = useState<PortfolioView>(readView);
  const choose = useCallback((next: PortfolioView) => {
    setView(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      /* private mode: remembered for this visit only */
    }
  }, []);
  return [view, choose];
}
