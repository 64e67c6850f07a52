import { useEffect } from "react";
import { setRenderedAt } from "#client/lib/hydration.ts";

/**
 * Rendered after the page, inside its Suspense boundary: React hydrates what is inside a boundary after
 * the top bar, so this effect runs once the page itself works. From then on components take the
 * clock's time again, and the page says so (<html data-hydrated>: tests wait for it before clicking).
 */
export function PageHydrated() {
  useEffect(() => {
    setRenderedAt(null);
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
