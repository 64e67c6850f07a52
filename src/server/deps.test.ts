import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { allowConsoleError } from "#tests/setup/console.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Names of the process warnings `act` causes. */
async function warningsFrom(act: () => void): Promise<string[]> {
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.name);
  process.on("warning", onWarning);
  try {
    act();
    // Node emits a listener-leak warning through process.emitWarning, on the next tick: a tick
    // queued after `act` comes after any warning it caused.
    await new Promise((r) => process.nextTick(r));
    return warnings;
  } finally {
    process.off("warning", onWarning);
  }
}

/** `n` distinct listeners (the same function twice is one listener). */
const addListeners = (signal: AbortSignal, n: number, onAbort: () => void) => {
  for (let i = 0; i < n; i++) signal.addEventListener("abort", () => onAbort(), { once: true });
};

describe("the shutdown signal", () => {
  it("takes a listener per open live stream without a 'possible memory leak' warning, and fires them all", async () => {
    let ended = 0;
    const warnings = await warningsFrom(() => addListeners(t.deps.shutdown, 50, () => ended++));
    expect(warnings.filter((w) => w === "MaxListenersExceededWarning")).toEqual([]);
    t.deps.endLiveStreams();
    expect(ended).toBe(50);
  });

  // Node 24 no longer warns about an AbortSignal's listeners (CI's Node 24 pass: expected [] to
  // include 'MaxListenersExceededWarning'), so there the check above has nothing to catch.
  it.runIf(Number(process.versions.node.split(".")[0]) < 24)("(the check above sees the warning an ordinary signal gives for as many listeners)", async () => {
    allowConsoleError(); // Node prints the warning through console.error
    const warnings = await warningsFrom(() => addListeners(new AbortController().signal, 50, () => undefined));
    expect(warnings).toContain("MaxListenersExceededWarning");
  });
});
