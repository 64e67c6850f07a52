import { useEffect, useState } from "react";

const MINUTE_MS = 60_000;

/** The current time, refreshed every minute, for relative times ("5m ago"). */
export function useNow(everyMs = MINUTE_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}
