// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tierProgress } from "#shared/domain/tiers.ts";
import type { PortfolioStats } from "#shared/schemas/portfolio.ts";
import { ProfileHeader, statsLine } from "./profile-header.tsx";

afterEach(cleanup);

describe("statsLine", () => {
  it("reads as the spec's stats line, pages to one decimal", () => {
    expect(statsLine({ currentStreak: 3, works: 12, pagesWritten: 4.25, editorsSelections: 0 })).toBe("3 Day Streak • 12 Works • 4.3 Pages Written");
  });
  it("adds Editors' Selections only above zero", () => {
    expect(statsLine({ currentStreak: 0, works: 1, pagesWritten: 0, editorsSelections: 2 })).toBe("0 Day Streak • 1 Works • 0.0 Pages Written • 2 Editors' Selections");
  });
});

describe("the grace day line (issue 16 item 5)", () => {
  const stats = (forgivenessDayUsed: string | null): PortfolioStats => ({
    works: 3,
    pagesWritten: 1,
    currentStreak: 3,
    longestStreak: 3,
    forgivenessDayUsed,
    editorsSelections: 0,
    achievements: [],
    tier: tierProgress(1),
  });
  const header = (s: PortfolioStats) => (
    <ProfileHeader fullName="Ada" alias={null} stats={s} statsFailed={false} retryingStats={false} onRetryStats={() => {}} onEditProfile={() => {}} onShowProgress={() => {}} />
  );

  it("says which missed day the grace day saved while it saved the streak shown", () => {
    render(header(stats("2026-11-12")));
    expect(screen.getByText("Streak saved by your grace day on Nov 12")).toBeTruthy();
  });

  it("says nothing without one", () => {
    render(header(stats(null)));
    expect(screen.queryByText(/grace day/)).toBeNull();
  });
});
