import { useEffect, useState } from "react";
import { getServerTime } from "./api.ts";
import { createServerClock, type ServerClock } from "./server-clock.ts";

/** How often the page reads the clock again (the seconds shown never skip). */
const TICK_MS = 250;

/**
 * The server's clock for this page: synced when the page opens and when it comes back into view;
 * `epoch` grows each time the estimate jumps (the first sync, a moved server clock, a woken laptop),
 * so what was worked out on the device's clock can be worked out again. `now` ticks.
 */
export function useServerClock(): { clock: ServerClock; epoch: number; now: number } {
  const [clock] = useState(() => createServerClock({ fetchNow: getServerTime }));
  const [epoch, setEpoch] = useState(0);
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    const off = clock.onJump(() => {
      setEpoch((e) => e + 1);
      setNow(clock.now());
    });
    void clock.sync();
    const onVisible = () => {
      if (document.visibilityState === "visible") void clock.sync();
    };
    document.addEventListener("visibilitychange", onVisible);
    const timer = window.setInterval(() => setNow(clock.now()), TICK_MS);
    return () => {
      off();
      document.removeEventListener("visibilitychange", onVisible);
      window.clearInterval(timer);
    };
  }, [clock]);
  return { clock, epoch, now };
}
