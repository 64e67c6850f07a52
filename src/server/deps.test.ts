import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("the shutdown signal", () => {
  it("takes a listener per open live stream without a 'possible memory leak' warning, and fires them all", async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on("warning", onWarning);
    try {
      let ended = 0;
      for (let i = 0; i < 50; i++) t.deps.shutdown.addEventListener("abort", () => ended++, { once: true });
      await new Promise((r) => setTimeout(r, 20));
      expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning")).toEqual([]);
      t.deps.endLiveStreams();
      expect(ended).toBe(50);
    } finally {
      process.off("warning", onWarning);
    }
  });
});
