import { describe, expect, it } from "vitest";
import { bestEstimate, createServerClock } from "./server-clock.ts";
import { clockText, lockSeconds, secondsUntil } from "./session-time.ts";

const MINUTE = 60_000;
const SERVER_START = Date.UTC(2026, 11, 2, 17, 0, 0);

/** A server and a device whose wall clock is `skewMs` off, on one real timeline; each request takes `rtt` ms. */
function world(skewMs: number, rtts: number[] = [80, 40, 120]) {
  let real = 0; // ms since the test began, on the real timeline
  let calls = 0;
  const fetchNow = async () => {
    const rtt = rtts[calls++ % rtts.length]!;
    real += rtt / 2;
    const server = SERVER_START - 5 * MINUTE + real;
    real += rtt / 2;
    return server;
  };
  const clock = createServerClock({ fetchNow, monotonic: () => 1_000 + real, device: () => SERVER_START - 5 * MINUTE + real + skewMs });
  return { clock, advance: (ms: number) => (real += ms), serverNow: () => SERVER_START - 5 * MINUTE + real };
}

describe("the server's clock in the browser", () => {
  it("takes the offset of the round trip that was fastest", () => {
    const e = bestEstimate([
      { t0: 0, t1: 100, server: 1_000 },
      { t0: 200, t1: 220, server: 1_215 },
    ]);
    expect(e).toEqual({ offset: 1_215 - 210, rtt: 20 });
    expect(bestEstimate([])).toBeNull();
  });

  it("gives a device 7 minutes wrong the same countdown and end as the server's", async () => {
    const times = { startsAt: SERVER_START, endsAt: SERVER_START + 10 * MINUTE, canceled: false };
    const devices = [world(0), world(7 * MINUTE), world(-7 * MINUTE)];
    for (const d of devices) await d.clock.sync();
    for (const d of devices) d.advance(61_000);
    const truth = clockText(times, devices[0]!.serverNow());
    expect(truth).toBe("Starts in 3:59");
    expect(devices.map((d) => clockText(times, d.clock.now()))).toEqual([truth, truth, truth]);
    // The start said on each device's own (wrong) wall clock is as far from its now as the server says.
    for (const d of devices) {
      const deviceNow = d.clock.toDevice(d.clock.now());
      expect(Math.abs(d.clock.toDevice(SERVER_START) - deviceNow - (SERVER_START - d.serverNow()))).toBeLessThan(100);
    }
    for (const d of devices) d.advance(7 * MINUTE + 30_000);
    const live = clockText(times, devices[0]!.serverNow());
    expect(live).toBe("6:29 left");
    expect(devices.map((d) => clockText(times, d.clock.now()))).toEqual([live, live, live]);
    for (const d of devices) d.advance(7 * MINUTE);
    expect(devices.map((d) => clockText(times, d.clock.now()))).toEqual([null, null, null]);
  });

  it("samples again when the server's time jumps (a test clock moved, a laptop woke)", async () => {
    let jump = 0;
    let calls = 0;
    const clock = createServerClock({
      fetchNow: async () => {
        calls++;
        return 1_000_000 + jump;
      },
      monotonic: () => 0,
      device: () => 0,
    });
    let jumps = 0;
    clock.onJump(() => jumps++);
    await clock.sync();
    expect(jumps).toBe(1);
    clock.check(1_000_500);
    expect(calls).toBe(3);
    jump = 5 * MINUTE;
    clock.check(1_000_000 + jump);
    await clock.sync();
    expect(calls).toBe(6);
    expect(clock.now()).toBe(1_000_000 + jump);
    expect(jumps).toBe(2);
  });

  it("locks saving until the end, or the ten minutes of a late joiner", () => {
    expect(lockSeconds(0, 30 * MINUTE, 600, false)).toBe(1800);
    expect(lockSeconds(20 * MINUTE, 30 * MINUTE, 600, false)).toBe(600);
    expect(lockSeconds(0, 30 * MINUTE, 600, true)).toBe(600);
    expect(secondsUntil(1_500, 0)).toBe(2);
    expect(secondsUntil(0, 5)).toBe(0);
  });
});
