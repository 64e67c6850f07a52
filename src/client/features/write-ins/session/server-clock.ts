/*
 * The server's clock in the browser (issue 30 item 2, decision 017 "Time"): every participant's
 * countdown agrees to the second whatever their device's clock says. GET /api/time is sampled a
 * few times on performance.now() (monotonic: a device clock corrected mid-session does not move
 * it); the offset is `serverNow − (t0 + t1) / 2` of the sample with the lowest round trip.
 */

/** How many round trips one sync takes; the fastest one wins. */
export const CLOCK_SAMPLES = 3;
/** A server `now` (a panel's) this far from the estimate means the estimate is stale: sample again. */
export const CLOCK_DRIFT_MS = 1000;

export interface ClockSample {
  /** performance.now() before the request and after the answer. */
  t0: number;
  t1: number;
  /** The server's `now` in the answer (ms since the epoch). */
  server: number;
}

export interface ClockEstimate {
  /** serverNow = monotonic + offset */
  offset: number;
  rtt: number;
}

/** The estimate from the sample with the lowest round trip; null without samples. */
export function bestEstimate(samples: readonly ClockSample[]): ClockEstimate | null {
  let best: ClockEstimate | null = null;
  for (const s of samples) {
    const rtt = s.t1 - s.t0;
    if (!best || rtt < best.rtt) best = { offset: s.server - (s.t0 + s.t1) / 2, rtt };
  }
  return best;
}

export interface ServerClockDeps {
  /** The server's `now` (GET /api/time). */
  fetchNow: () => Promise<number>;
  /** A monotonic clock in ms (performance.now). */
  monotonic?: () => number;
  /** The device's wall clock (Date.now): only to say a server instant on it. */
  device?: () => number;
}

export interface ServerClock {
  /** Samples the server; resolves once the estimate is set (a failed round trip is skipped). */
  sync: () => Promise<void>;
  /** The server's time now, by the estimate (the device's clock until the first sync). */
  now: () => number;
  synced: () => boolean;
  /** Compares a server `now` (a panel's, a count's) with the estimate; samples again when it is > CLOCK_DRIFT_MS off. */
  check: (serverNow: number) => void;
  /** A server instant on the device's wall clock (what Date.now()-based timers read). */
  toDevice: (serverMs: number) => number;
  /** Told after each sync that moved the estimate by more than CLOCK_DRIFT_MS (and after the first). */
  onJump: (listener: () => void) => () => void;
}

export function createServerClock({ fetchNow, monotonic = () => performance.now(), device = () => Date.now() }: ServerClockDeps): ServerClock {
  let estimate: ClockEstimate | null = null;
  let running: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  const now = () => (estimate ? monotonic() + estimate.offset : device());

  const sample = async (): Promise<ClockSample | null> => {
    const t0 = monotonic();
    try {
      const server = await fetchNow();
      return { t0, t1: monotonic(), server };
    } catch {
      return null;
    }
  };

  const sync = () => {
    running ??= (async () => {
      const samples: ClockSample[] = [];
      for (let i = 0; i < CLOCK_SAMPLES; i++) {
        const s = await sample();
        if (s) samples.push(s);
      }
      const next = bestEstimate(samples);
      if (!next) return;
      const jumped = !estimate || Math.abs(next.offset - estimate.offset) > CLOCK_DRIFT_MS;
      estimate = next;
      if (jumped) for (const l of listeners) l();
    })().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    sync,
    now,
    synced: () => estimate !== null,
    check: (serverNow) => {
      if (estimate && Math.abs(serverNow - now()) > CLOCK_DRIFT_MS) void sync();
    },
    toDevice: (serverMs) => serverMs - (now() - device()),
    onJump: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
