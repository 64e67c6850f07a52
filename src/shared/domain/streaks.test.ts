import { describe, expect, it } from "vitest";
import { localDate } from "./dates.ts";
import { currentStreakAsOf, graceDayAvailable, graceDayLine, graceDaySavingStreak, NO_STREAK, streakAfterWriting, streakLabel, type StreakState } from "./streaks.ts";

const fresh: StreakState = NO_STREAK;
const noGrace = { graceDayUsed: null, streakStartDate: null };

/** The streak after pieces written at these instants, counted on `timeZone`'s calendar. */
function streakAfter(instants: string[], timeZone: string, start: StreakState = fresh): StreakState {
  return instants.reduce((s, iso) => streakAfterWriting(s, localDate(new Date(iso), timeZone)), start);
}

describe("streakAfterWriting", () => {
  it("starts at 1, grows by a day, ignores a second piece the same day and resets after a gap", () => {
    const started = { graceDayUsed: null, streakStartDate: "2026-03-01" };
    let s = streakAfterWriting(fresh, "2026-03-01");
    expect(s).toEqual({ currentStreak: 1, longestStreak: 1, lastWriteDate: "2026-03-01", ...started });
    s = streakAfterWriting(s, "2026-03-01");
    expect(s).toEqual({ currentStreak: 1, longestStreak: 1, lastWriteDate: "2026-03-01", ...started });
    s = streakAfterWriting(s, "2026-03-02");
    s = streakAfterWriting(s, "2026-03-03");
    expect(s).toEqual({ currentStreak: 3, longestStreak: 3, lastWriteDate: "2026-03-03", ...started });
    // Two missed days (03-04, 03-05) break it even though March's grace day is free.
    s = streakAfterWriting(s, "2026-03-06");
    expect(s).toEqual({ currentStreak: 1, longestStreak: 3, lastWriteDate: "2026-03-06", graceDayUsed: null, streakStartDate: "2026-03-06" });
  });

  it("crosses month and year ends and leap days", () => {
    expect(streakAfterWriting({ currentStreak: 4, longestStreak: 4, lastWriteDate: "2025-12-31", ...noGrace }, "2026-01-01").currentStreak).toBe(5);
    expect(streakAfterWriting({ currentStreak: 2, longestStreak: 9, lastWriteDate: "2028-02-28", ...noGrace }, "2028-02-29")).toEqual({
      currentStreak: 3,
      longestStreak: 9,
      lastWriteDate: "2028-02-29",
      ...noGrace,
    });
    expect(streakAfterWriting({ currentStreak: 2, longestStreak: 2, lastWriteDate: "2027-02-28", ...noGrace }, "2027-03-01").currentStreak).toBe(3);
  });

  it("changes nothing for a date before the last one (a writer who flew west)", () => {
    const s: StreakState = { currentStreak: 3, longestStreak: 5, lastWriteDate: "2026-06-10", ...noGrace };
    expect(streakAfterWriting(s, "2026-06-09")).toEqual(s);
  });

  it("counts the writer's own midnight, not UTC's", () => {
    // 23:50 and 00:10 in Tokyo (UTC+9): two days in Tokyo, the same day in UTC.
    const instants = ["2026-04-01T14:50:00Z", "2026-04-01T15:10:00Z"];
    expect(streakAfter(instants, "Asia/Tokyo")).toMatchObject({ currentStreak: 2, lastWriteDate: "2026-04-02" });
    expect(streakAfter(instants, "UTC")).toMatchObject({ currentStreak: 1, lastWriteDate: "2026-04-01" });
    // 23:30 in Los Angeles on two evenings: consecutive there, though both are "tomorrow" in UTC.
    expect(streakAfter(["2026-04-02T06:30:00Z", "2026-04-03T06:30:00Z"], "America/Los_Angeles")).toMatchObject({
      currentStreak: 2,
      lastWriteDate: "2026-04-02",
    });
  });

  it("keeps counting across a daylight-saving change", () => {
    // New York springs forward on 2026-03-08 (a 23-hour day) and falls back on 2026-11-01 (25 hours).
    const spring = ["2026-03-07T04:30:00Z", "2026-03-08T04:30:00Z", "2026-03-09T03:30:00Z"]; // 23:30 local each evening
    expect(spring.map((i) => localDate(new Date(i), "America/New_York"))).toEqual(["2026-03-06", "2026-03-07", "2026-03-08"]);
    expect(streakAfter(spring, "America/New_York")).toMatchObject({ currentStreak: 3, lastWriteDate: "2026-03-08" });
    const autumn = ["2026-10-31T04:05:00Z", "2026-11-01T04:05:00Z", "2026-11-02T05:05:00Z"]; // 00:05 local each night
    expect(autumn.map((i) => localDate(new Date(i), "America/New_York"))).toEqual(["2026-10-31", "2026-11-01", "2026-11-02"]);
    expect(streakAfter(autumn, "America/New_York")).toMatchObject({ currentStreak: 3, lastWriteDate: "2026-11-02" });
    // Writing 24 hours apart across the spring change lands on consecutive local days.
    expect(streakAfter(["2026-03-08T03:00:00Z", "2026-03-09T03:00:00Z"], "America/New_York").currentStreak).toBe(2);
  });
});

describe("currentStreakAsOf", () => {
  it("counts the stored streak only while the last day is today or yesterday (May's grace day spent)", () => {
    const mayUsed = "2026-05-02";
    expect(currentStreakAsOf(4, "2026-05-10", "2026-05-10", mayUsed)).toBe(4);
    expect(currentStreakAsOf(4, "2026-05-10", "2026-05-11", mayUsed)).toBe(4);
    expect(currentStreakAsOf(4, "2026-05-10", "2026-05-12", mayUsed)).toBe(0);
    expect(currentStreakAsOf(4, null, "2026-05-12", null)).toBe(0);
  });

  it("asks the writer's calendar: just after their midnight, yesterday still counts", () => {
    const now = new Date("2026-05-12T01:00:00Z");
    expect(currentStreakAsOf(2, "2026-05-10", localDate(now, "America/Los_Angeles"), "2026-05-01")).toBe(2); // 18:00 on the 11th
    expect(currentStreakAsOf(2, "2026-05-10", localDate(now, "Asia/Tokyo"), "2026-05-01")).toBe(0); // 10:00 on the 12th
  });
});

describe("streakLabel", () => {
  it("says day or days", () => {
    expect(streakLabel(0)).toBe("0 days");
    expect(streakLabel(1)).toBe("1 day");
    expect(streakLabel(12)).toBe("12 days");
  });
});

/** A streak of `n` whose last day is `last` (started `n - 1` days before), with the latest grace day `used`. */
function streakOn(last: string, n: number, used: string | null = null, start: string | null = null): StreakState {
  return { currentStreak: n, longestStreak: n, lastWriteDate: last, graceDayUsed: used, streakStartDate: start };
}

describe("the grace day: one missed day per calendar month", () => {
  it("keeps the streak over one missed day and records that day as the month's grace day", () => {
    expect(streakAfterWriting(streakOn("2026-11-11", 5, null, "2026-11-07"), "2026-11-13")).toEqual({
      currentStreak: 6,
      longestStreak: 6,
      lastWriteDate: "2026-11-13",
      graceDayUsed: "2026-11-12",
      streakStartDate: "2026-11-07",
    });
  });

  it("breaks the streak at a second missed day in the same month, and at two missed days in a row", () => {
    const saved = streakAfterWriting(streakOn("2026-11-11", 5), "2026-11-13");
    const again = streakAfterWriting(streakAfterWriting(saved, "2026-11-14"), "2026-11-16");
    expect(again).toMatchObject({ currentStreak: 1, longestStreak: 7, lastWriteDate: "2026-11-16", graceDayUsed: "2026-11-12", streakStartDate: "2026-11-16" });
    expect(streakAfterWriting(streakOn("2026-11-11", 5), "2026-11-14")).toMatchObject({ currentStreak: 1, graceDayUsed: null });
  });

  it("a grace day spent on a streak that later broke still counts for its month", () => {
    const broken = streakAfterWriting(streakAfterWriting(streakOn("2026-11-03", 2), "2026-11-05"), "2026-11-09");
    expect(broken).toMatchObject({ currentStreak: 1, graceDayUsed: "2026-11-04" });
    expect(streakAfterWriting(streakAfterWriting(broken, "2026-11-10"), "2026-11-12")).toMatchObject({ currentStreak: 1, streakStartDate: "2026-11-12" });
  });

  it("counts the month of the missed day: Oct 31 spends October's, Nov 1 spends November's", () => {
    const octUsed = streakOn("2026-10-30", 3, "2026-10-05");
    expect(streakAfterWriting(octUsed, "2026-11-01").currentStreak).toBe(1); // missed Oct 31, October's already gone
    expect(streakAfterWriting(streakOn("2026-10-31", 3, "2026-10-05"), "2026-11-02")).toMatchObject({ currentStreak: 4, graceDayUsed: "2026-11-01" });
    const octFree = streakAfterWriting(streakOn("2026-10-30", 3, "2026-09-30"), "2026-11-01");
    expect(octFree).toMatchObject({ currentStreak: 4, graceDayUsed: "2026-10-31" });
    // October's grace day, used on the 31st, leaves November's for the next day missed.
    expect(streakAfterWriting(octFree, "2026-11-03")).toMatchObject({ currentStreak: 5, graceDayUsed: "2026-11-02" });
  });

  it("crosses the year end: Dec 31 is December's grace day, Jan 1 the new year's January", () => {
    expect(streakAfterWriting(streakOn("2026-12-30", 9, "2026-11-20"), "2027-01-01")).toMatchObject({ currentStreak: 10, graceDayUsed: "2026-12-31" });
    expect(streakAfterWriting(streakOn("2026-12-31", 9, "2026-12-31"), "2027-01-02")).toMatchObject({ currentStreak: 10, graceDayUsed: "2027-01-01" });
    // January of another year is another month.
    expect(graceDayAvailable("2027-01-15", "2026-01-15")).toBe(true);
    expect(graceDayAvailable("2027-01-15", "2027-01-02")).toBe(false);
    expect(graceDayAvailable("2027-01-15", null)).toBe(true);
  });

  it("a grace day used last month leaves this month's to use", () => {
    expect(streakAfterWriting(streakOn("2026-03-01", 20, "2026-02-28"), "2026-03-03")).toMatchObject({ currentStreak: 21, graceDayUsed: "2026-03-02" });
  });

  it("counts missed days on the writer's calendar, not UTC's", () => {
    // 22:00 in Los Angeles on the 10th and on the 12th: one missed day there (the 11th),
    // though in UTC the pieces fall on the 11th and the 13th.
    const la = streakAfter(["2026-11-11T06:00:00Z", "2026-11-13T06:00:00Z"], "America/Los_Angeles");
    expect(la).toMatchObject({ currentStreak: 2, graceDayUsed: "2026-11-11", lastWriteDate: "2026-11-12" });
    // 08:30 in Tokyo on Dec 1 is still Nov 30 in UTC: Tokyo's missed day is Nov 30 (November's), UTC's would be Nov 29.
    const tokyo = streakAfter(["2026-11-28T23:30:00Z", "2026-11-30T23:30:00Z"], "Asia/Tokyo", streakOn("2026-11-28", 1, "2026-11-03"));
    expect(tokyo).toMatchObject({ currentStreak: 1, lastWriteDate: "2026-12-01" }); // Tokyo's missed Nov 30: November's grace day gone
    const utc = streakAfter(["2026-11-30T23:30:00Z"], "UTC", streakOn("2026-11-28", 1, "2026-10-03"));
    expect(utc).toMatchObject({ currentStreak: 2, graceDayUsed: "2026-11-29" });
  });
});

describe("currentStreakAsOf and the grace day", () => {
  it("keeps the streak shown the day after a missed day only while that day's month has its grace day", () => {
    expect(currentStreakAsOf(4, "2026-11-10", "2026-11-12", null)).toBe(4);
    expect(currentStreakAsOf(4, "2026-11-10", "2026-11-12", "2026-10-31")).toBe(4);
    expect(currentStreakAsOf(4, "2026-11-10", "2026-11-12", "2026-11-02")).toBe(0);
    expect(currentStreakAsOf(4, "2026-11-10", "2026-11-13", null)).toBe(0); // two missed days
    expect(currentStreakAsOf(4, "2026-10-30", "2026-11-01", "2026-10-02")).toBe(0); // missed Oct 31
    expect(currentStreakAsOf(4, "2026-10-31", "2026-11-02", "2026-10-02")).toBe(4); // missed Nov 1
  });

  it("agrees with what the next piece does", () => {
    const cases: [StreakState, string][] = [
      [streakOn("2026-11-10", 4), "2026-11-12"],
      [streakOn("2026-11-10", 4, "2026-11-01"), "2026-11-12"],
      [streakOn("2026-10-30", 4, "2026-10-02"), "2026-11-01"],
      [streakOn("2026-12-31", 4, "2026-12-01"), "2027-01-02"],
      [streakOn("2026-11-10", 4), "2026-11-13"],
      [streakOn("2026-11-10", 4), "2026-11-11"],
    ];
    for (const [state, today] of cases) {
      const alive = currentStreakAsOf(state.currentStreak, state.lastWriteDate, today, state.graceDayUsed) > 0;
      expect(streakAfterWriting(state, today).currentStreak > 1, `${state.lastWriteDate} → ${today}`).toBe(alive);
    }
  });
});

describe("graceDaySavingStreak", () => {
  it("names the grace day while the streak it saved is the one shown", () => {
    const saved = streakAfterWriting(streakOn("2026-11-11", 5, null, "2026-11-07"), "2026-11-13");
    expect(graceDaySavingStreak(saved, "2026-11-13")).toBe("2026-11-12");
    expect(graceDaySavingStreak(saved, "2026-11-14")).toBe("2026-11-12");
    expect(graceDaySavingStreak(saved, "2026-11-15")).toBeNull(); // the 14th missed: November's grace day is gone, the streak ended
    expect(graceDaySavingStreak(streakAfterWriting(saved, "2026-11-20"), "2026-11-20")).toBeNull(); // a newer streak
    expect(graceDaySavingStreak(streakOn("2026-11-11", 5, null, "2026-11-07"), "2026-11-12")).toBeNull(); // none used
    expect(graceDaySavingStreak(streakOn("2026-11-11", 5, "2026-11-02", null), "2026-11-11")).toBe("2026-11-02"); // a streak older than the record
  });
});

describe("graceDayLine", () => {
  it("names the missed day as the writer's calendar has it, short", () => {
    expect(graceDayLine("2026-11-12")).toBe("Streak saved by your grace day on Nov 12");
    expect(graceDayLine("2026-12-31")).toBe("Streak saved by your grace day on Dec 31");
    expect(graceDayLine("2027-01-01")).toBe("Streak saved by your grace day on Jan 1");
  });
});
