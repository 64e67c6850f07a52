import { describe, expect, it } from "vitest";
import { dayLabel, heatmapLevel, hourLabel, summarizeYear } from "./writing-calendar.ts";

describe("summarizeYear", () => {
  it("sums the days, counts pieces per month and picks the busiest hour (ties: the earliest)", () => {
    const s = summarizeYear(
      [
        { date: "2026-01-31", words: 300, pieces: 2, pages: 1.2 },
        { date: "2026-02-01", words: 100, pieces: 1, pages: 0.4 },
        { date: "2026-12-31", words: 51, pieces: 1, pages: 0.2 },
      ],
      [
        { hour: 22, pieces: 2 },
        { hour: 7, pieces: 2 },
        { hour: 12, pieces: 0 },
      ],
    );
    expect(s).toEqual({
      totals: { words: 451, pieces: 4, pages: 1.8, writingDays: 3, averageWordsPerDay: 150 },
      piecesPerMonth: [2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
      usualHour: 7,
    });
  });

  it("totals the pages exactly: days of 0.4 and 1.15 pages make 1.6, as the days themselves add up", () => {
    const days = [
      { date: "2026-03-01", words: 100, pieces: 1, pages: 0.4 },
      { date: "2026-03-02", words: 287, pieces: 1, pages: 1.15 },
    ];
    expect(summarizeYear(days, []).totals.pages).toBe(1.6);
  });

  it("is all zeros, with no usual hour, for a year without writing", () => {
    expect(summarizeYear([], [])).toEqual({
      totals: { words: 0, pieces: 0, pages: 0, writingDays: 0, averageWordsPerDay: 0 },
      piecesPerMonth: Array.from({ length: 12 }, () => 0),
      usualHour: null,
    });
  });
});

describe("heatmapLevel", () => {
  it("shades no writing 0 and the rest in quarters of the busiest day", () => {
    expect(heatmapLevel(0, 1000)).toBe(0);
    expect(heatmapLevel(1, 1000)).toBe(1);
    expect(heatmapLevel(250, 1000)).toBe(1);
    expect(heatmapLevel(251, 1000)).toBe(2);
    expect(heatmapLevel(750, 1000)).toBe(3);
    expect(heatmapLevel(1000, 1000)).toBe(4);
    expect(heatmapLevel(5, 0)).toBe(0);
  });
});

describe("labels", () => {
  it("names the hour on a 12-hour clock and each day with its words", () => {
    expect(hourLabel(0)).toBe("12 am–1 am");
    expect(hourLabel(11)).toBe("11 am–12 pm");
    expect(hourLabel(23)).toBe("11 pm–12 am");
    expect(dayLabel("2026-11-12", 1512)).toBe("Nov 12, 2026: 1,512 words");
    expect(dayLabel("2026-01-01", 1)).toBe("Jan 1, 2026: 1 word");
    expect(dayLabel("2026-01-02", 0)).toBe("Jan 2, 2026: no writing");
  });
});
