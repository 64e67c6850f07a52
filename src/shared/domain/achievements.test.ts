import { describe, expect, it } from "vitest";
import { achievementLabel, achievementsReached } from "./achievements.ts";

describe("achievementsReached", () => {
  it("reaches each tier exactly at 50, 100, 200 and 365 pages", () => {
    expect(achievementsReached(0)).toEqual([]);
    expect(achievementsReached(49.99)).toEqual([]);
    expect(achievementsReached(50)).toEqual(["novella_club"]);
    expect(achievementsReached(99.99)).toEqual(["novella_club"]);
    expect(achievementsReached(100)).toEqual(["novella_club", "centurion_club"]);
    expect(achievementsReached(199.99)).toEqual(["novella_club", "centurion_club"]);
    expect(achievementsReached(200)).toEqual(["novella_club", "centurion_club", "storysmith"]);
    expect(achievementsReached(364.99)).toEqual(["novella_club", "centurion_club", "storysmith"]);
    expect(achievementsReached(365)).toEqual(["novella_club", "centurion_club", "storysmith", "page_walker"]);
    expect(achievementsReached(10_000)).toHaveLength(4);
  });
});

describe("achievementLabel", () => {
  it("reads as the profile shows it", () => {
    expect(achievementLabel("novella_club", 2026)).toBe("Novella Club · 2026");
    expect(achievementLabel("page_walker", 2027)).toBe("Page Walker · 2027");
    expect(achievementLabel("first_write_in", 2026)).toBe("First Write-in · 2026");
    expect(achievementLabel("tenth_write_in", 2027)).toBe("Tenth Write-in · 2027");
  });
});
