import { describe, expect, it } from "vitest";
import { statsLine } from "./profile-header.tsx";

describe("statsLine", () => {
  it("reads as the spec's stats line, pages to one decimal", () => {
    expect(statsLine({ currentStreak: 3, works: 12, pagesWritten: 4.25, editorsSelections: 0 })).toBe("3 Day Streak • 12 Works • 4.3 Pages Written");
  });
  it("adds Editors' Selections only above zero", () => {
    expect(statsLine({ currentStreak: 0, works: 1, pagesWritten: 0, editorsSelections: 2 })).toBe("0 Day Streak • 1 Works • 0.0 Pages Written • 2 Editors' Selections");
  });
});
