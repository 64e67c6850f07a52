import { describe, expect, it } from "vitest";
import type { WriteInPanel } from "#shared/schemas/write-ins.ts";
import { applyPanelDelta } from "./apply-panel-delta.ts";

const panel: WriteInPanel = {
  id: "0b0e5f7e-1c1e-4d1e-9d4a-3a1f6c2b9e10",
  state: "live",
  now: 1000,
  joined: 3,
  writing: 3,
  totalWords: 30,
  anonymous: 1,
  named: [
    { seat: 1, label: "Ada", words: 10, writing: true },
    { seat: 3, label: "Cy", words: 5, writing: true },
  ],
  yourSeat: 3,
};

describe("applyPanelDelta", () => {
  it("takes the totals, puts changed writers in by seat, takes gone ones out, and keeps the page's own seat", () => {
    const next = applyPanelDelta(panel, {
      id: panel.id,
      state: "live",
      now: 2000,
      joined: 4,
      writing: 2,
      totalWords: 52,
      anonymous: 2,
      named: [
        { seat: 2, label: "Ben", words: 7, writing: true },
        { seat: 3, label: "Cy", words: 20, writing: false },
      ],
      gone: [1],
    });
    expect(next).toEqual({
      ...panel,
      now: 2000,
      joined: 4,
      writing: 2,
      totalWords: 52,
      anonymous: 2,
      named: [
        { seat: 2, label: "Ben", words: 7, writing: true },
        { seat: 3, label: "Cy", words: 20, writing: false },
      ],
    });
  });

  it("leaves no panel, or another write-in's, as it is", () => {
    const delta = { ...panel, yourSeat: undefined, named: [], gone: [] };
    expect(applyPanelDelta(undefined, delta)).toBeUndefined();
    const other = { ...panel, id: "5d8c7b2e-2f3a-4b6c-8d9e-0a1b2c3d4e5f" };
    expect(applyPanelDelta(other, { ...delta, totalWords: 99 })).toBe(other);
  });
});
