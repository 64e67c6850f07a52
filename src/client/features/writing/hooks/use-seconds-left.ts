import { useEffect, useState } from "react";
import { secondsLeft } from "#shared/domain/writing-session.ts";
import type { StoredSession } from "../lib/storage.ts";

/** Seconds still to write in this session, ticking once a second until zero. */
export function useSecondsLeft(session: StoredSession | null): number | null {
  const compute = () => (session ? secondsLeft(session.startedAtLocal, Date.now(), session.minSeconds) : null);
  const [left, setLeft] = useState(compute);
  useEffect(() => {
    const tick = () => setLeft(session ? secondsLeft(session.startedAtLocal, Date.now(), session.minSeconds) : null);
    tick();
    if (!session) return;
    const id = window.setInterval(() => {
      tick();
      if (secondsLeft(session.startedAtLocal, Date.now(), session.minSeconds) === 0) window.clearInterval(id);
    }, 250);
    return () => window.clearInterval(id);
  }, [session]);
  return left;
}
