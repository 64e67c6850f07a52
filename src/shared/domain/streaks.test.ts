import { describe, expect, it } from "vitest";
import { localDate } from "./dates.ts";
import { currentStreakAsOf, streakAfterWriting, streakLabel, type StreakState } from "./streaks.ts";

const fresh: StreakState = { currentStreak: 0, longestStreak: 0, lastWriteDate: null };

/** The streak after pieces written at these instants, counted on `timeZone`'s calendar. */
function streakAfter(instants: string[], timeZone: string, start: StreakState = fresh): StreakState {
  return instants.reduce((s, iso) => streakAfterWriting(s, localDate(new Date(iso), timeZone)), start);
}

describe("streakAfterWriting", () => {
  it("starts at 1, grows by a day, ignores a second piece the same day and resets after a gap", () => {
    let s = streakAfterWriting(fresh, "2026-03-01");
    expect(s).toEqual({ currentStreak: 1, longestStreak: 1, lastWriteDate: "2026-03-01" });
    s = streakAfterWriting(s, "2026-03-01");
    expect(s).toEqual({ currentStreak: 1, longestStreak: 1, lastWriteDate: "2026-03-01" });
    s = streakAfterWriting(s, "2026-03-02");
    s = streakAfterWriting(s, "2026-03-03");
    expect(s).toEqual({ currentStreak: 3, longestStreak: 3, lastWriteDate: "2026-03-03" });
    s = streakAfterWriting(s, "2026-03-05");
    expect(s).toEqual({ currentStreak: 1, longestStreak: 3, lastWriteDate: "2026-03-05" });
  });

  it("crosses month and year ends and leap days", () => {
    expect(streakAfterWriting({ currentStreak: 4, longestStreak: 4, lastWriteDate: "2025-12-31" }, "2026-01-01").currentStreak).toBe(5);
    expect(streakAfterWriting({ currentStreak: 2, longestStreak: 9, lastWriteDate: "2028-02-28" }, "2028-02-29")).toEqual({
      currentStreak: 3,
      longestStreak: 9,
      lastWriteDate: "2028-02-29",
    });
    expect(streakAfterWriting({ currentStreak: 2, longestStreak: 2, lastWriteDate: "2027-02-28" }, "2027-03-01").currentStreak).toBe(3);
  });

  it("changes nothing for a date before the last one (a writer who flew west)", () => {
    const s: StreakState = { currentStreak: 3, longestStreak: 5, lastWriteDate: "2026-06-10" };
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
  it("counts the stored streak only while the last day is today or yesterday", () => {
    expect(currentStreakAsOf(4, "2026-05-10", "2026-05-10")).toBe(4);
    expect(currentStreakAsOf(4, "2026-05-10", "2026-05-11")).toBe(4);
    expect(currentStreakAsOf(4, "2026-05-10", "2026-05-12")).toBe(0);
    expect(currentStreakAsOf(4, null, "2026-05-12")).toBe(0);
  });

  it("asks the writer's calendar: just after their midnight, yesterday still counts", () => {
    const now = new Date("2026-05-12T01:00:00Z");
    expect(currentStreakAsOf(2, "2026-05-10", localDate(now, "America/Los_Angeles"))).toBe(2); // 18:00 on the 11th
    expect(currentStreakAsOf(2, "2026-05-10", localDate(now, "Asia/Tokyo"))).toBe(0); // 10:00 on the 12th
  });
});

describe("streakLabel", () => {
  it("says day or days", () => {
    expect(streakLabel(0)).toBe("0 days");
    expect(streakLabel(1)).toBe("1 day");
    expect(streakLabel(12)).toBe("12 days");
  });
});
