import { useEffect, useState } from "react";
import { firstRenderNow } from "#client/lib/hydration.ts";

const MINUTE_MS = 60_000;

/**
 * The current time, refreshed every minute, for relative times ("5m ago"). A server-rendered page
 * first renders with the server's time (so hydrating matches), then the clock's from its next tick.
 */
export function useNow(everyMs = MINUTE_MS): Date {
  const [now, setNow] = useState(firstRenderNow);
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}
