// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tierProgress } from "#shared/domain/tiers.ts";
import type { PortfolioStats } from "#shared/schemas/portfolio.ts";
import { ProfileHeader, statsLine, writeInsLine } from "./profile-header.tsx";

afterEach(cleanup);

const stats = (forgivenessDayUsed: string | null, more: Partial<PortfolioStats> = {}): PortfolioStats => ({
  works: 3,
  pagesWritten: 1,
  currentStreak: 3,
  longestStreak: 3,
  forgivenessDayUsed,
  editorsSelections: 0,
  achievements: [],
  writeInsThisYear: 0,
  tier: tierProgress(1),
  ...more,
});
const header = (s: PortfolioStats) => (
  <ProfileHeader fullName="Ada" alias={null} stats={s} statsFailed={false} retryingStats={false} onRetryStats={() => {}} onEditProfile={() => {}} onShowProgress={() => {}} />
);

describe("statsLine", () => {
  it("reads as the spec's stats line, pages to one decimal", () => {
    expect(statsLine({ currentStreak: 3, works: 12, pagesWritten: 4.25, editorsSelections: 0 })).toBe("3 Day Streak • 12 Works • 4.3 Pages Written");
  });
  it("adds Editors' Selections only above zero", () => {
    expect(statsLine({ currentStreak: 0, works: 1, pagesWritten: 0, editorsSelections: 2 })).toBe("0 Day Streak • 1 Works • 0.0 Pages Written • 2 Editors' Selections");
  });
});

describe("the grace day line (issue 16 item 5)", () => {

  it("says which missed day the grace day saved while it saved the streak shown", () => {
    render(header(stats("2026-11-12")));
    expect(screen.getByText("Streak saved by your grace day on Nov 12")).toBeTruthy();
  });

  it("says nothing without one", () => {
    render(header(stats(null)));
    expect(screen.queryByText(/grace day/)).toBeNull();
  });
});

describe("the write-ins line (issue 30 item 3)", () => {
  it("counts this year's write-ins, one and many", () => {
    expect(writeInsLine(1)).toBe("1 write-in this year");
    expect(writeInsLine(12)).toBe("12 write-ins this year");
    expect(writeInsLine(0)).toBeNull();
    expect(writeInsLine(undefined)).toBeNull();
  });

  it("shows the count and the write-in achievements on the profile", () => {
    render(header(stats(null, { writeInsThisYear: 12, achievements: [{ achievementType: "tenth_write_in", year: 2026 }, { achievementType: "first_write_in", year: 2026 }] })));
    expect(screen.getByText("12 write-ins this year")).toBeTruthy();
    const badges = screen.getByRole("region", { name: "Achievements" });
    expect(badges.textContent).toContain("Tenth Write-in · 2026");
    expect(badges.textContent).toContain("First Write-in · 2026");
  });

  it("says nothing about write-ins before the first of the year", () => {
    render(header(stats(null)));
    expect(screen.queryByText(/write-ins? this year/)).toBeNull();
  });
});
