import { describe, expect, it } from "vitest";
import { formatPages } from "./words.ts";
import { TIERS, tierFor, tierProgress } from "./tiers.ts";

describe("tiers", () => {
  it("names the five tiers with the spec's thresholds", () => {
    expect(TIERS.map((t) => [t.name, t.minPages])).toEqual([
      ["New Voice", 0],
      ["Novella Club", 50],
      ["Centurion Club", 100],
      ["Storysmith", 200],
      ["Page Walker", 365],
    ]);
  });

  it.each([
    [0, "New Voice"],
    [49.99, "New Voice"],
    [50, "Novella Club"],
    [99.99, "Novella Club"],
    [100, "Centurion Club"],
    [199.99, "Centurion Club"],
    [200, "Storysmith"],
    [364.99, "Storysmith"],
    [365, "Page Walker"],
    [1000, "Page Walker"],
  ])("%s pages is %s", (pages, name) => {
    expect(tierFor(pages).name).toBe(name);
  });

  it("treats nonsense as no pages", () => {
    expect(tierProgress(-3).current.name).toBe("New Voice");
    expect(tierProgress(Number.NaN).pagesToNext).toBe(50);
  });
});

describe("tierProgress", () => {
  it("counts pages to the next tier to one decimal", () => {
    const p = tierProgress(12.34);
    expect(p.next?.name).toBe("Novella Club");
    expect(formatPages(p.pagesToNext!)).toBe("37.7");
    expect(p.fraction).toBeCloseTo(12.34 / 50);
    expect(p.isLegend).toBe(false);
  });

  it("never shows 0.0 pages to go before the tier is reached", () => {
    expect(tierProgress(49.99).pagesToNext).toBe(0.1);
    expect(tierProgress(49.9).pagesToNext).toBe(0.1);
    expect(tierProgress(49.94).pagesToNext).toBe(0.1);
    expect(tierProgress(49.84).pagesToNext).toBe(0.2);
    expect(tierProgress(0.08).pagesToNext).toBe(49.9);
  });

  it("moves to the next tier exactly at its threshold", () => {
    const p = tierProgress(100);
    expect(p.current.name).toBe("Centurion Club");
    expect(p.next?.name).toBe("Storysmith");
    expect(p.pagesToNext).toBe(100);
    expect(p.fraction).toBe(0);
  });

  it("measures progress within the current tier", () => {
    expect(tierProgress(150).fraction).toBeCloseTo(0.5);
    expect(tierProgress(282.5).fraction).toBeCloseTo(0.5);
  });

  it("is a Literary Legend at 365 pages and above, with nothing further to reach", () => {
    for (const pages of [365, 500]) {
      const p = tierProgress(pages);
      expect(p.current.name).toBe("Page Walker");
      expect(p.next).toBeNull();
      expect(p.pagesToNext).toBeNull();
      expect(p.fraction).toBe(1);
      expect(p.isLegend).toBe(true);
    }
    expect(tierProgress(364.99).isLegend).toBe(false);
    expect(tierProgress(364.99).pagesToNext).toBe(0.1);
  });
});
