import { describe, expect, it } from "vitest";
import { localHourStart, localMoment } from "./dates.ts";
import { isMonth, monthDays, monthlyPeriod, monthLabel, nextMonth, previousMonth, weeklyPeriod } from "./months.ts";

describe("months", () => {
  it("knows a month when it sees one", () => {
    expect(isMonth("2026-11")).toBe(true);
    for (const bad of ["2026-13", "2026-00", "2026-1", "26-11", "2026-11-01", "", "0000-01", "0050-03"]) expect(isMonth(bad)).toBe(false);
  });

  it("steps across a year", () => {
    expect(nextMonth("2026-12")).toBe("2027-01");
    expect(previousMonth("2027-01-01")).toBe("2026-12");
    expect(previousMonth("2026-03-01")).toBe("2026-02");
    expect(monthDays("2026-12")).toEqual({ first: "2026-12-01", next: "2027-01-01" });
    expect(monthLabel("2026-11")).toBe("November 2026");
  });
});

describe("when the weekly and monthly emails fall due", () => {
  it("the weekly on Sunday from 09:00 local, for that Sunday", () => {
    expect(weeklyPeriod({ date: "2026-11-29", weekday: 0, day: 29, hour: 8 })).toBeNull();
    expect(weeklyPeriod({ date: "2026-11-29", weekday: 0, day: 29, hour: 9 })).toBe("2026-11-29");
    expect(weeklyPeriod({ date: "2026-11-29", weekday: 0, day: 29, hour: 23 })).toBe("2026-11-29");
    expect(weeklyPeriod({ date: "2026-11-30", weekday: 1, day: 30, hour: 9 })).toBeNull();
  });

  it("the monthly on the 1st from 09:00 local, for the month just ended", () => {
    expect(monthlyPeriod({ date: "2027-01-01", weekday: 5, day: 1, hour: 8 })).toBeNull();
    expect(monthlyPeriod({ date: "2027-01-01", weekday: 5, day: 1, hour: 9 })).toBe("2026-12");
    expect(monthlyPeriod({ date: "2027-01-02", weekday: 6, day: 2, hour: 9 })).toBeNull();
  });

  it("finds a zone's 09:00 as an instant, also on a day the clocks change", () => {
    expect(localHourStart("2026-11-29", 9, "Pacific/Honolulu").toISOString()).toBe("2026-11-29T19:00:00.000Z");
    expect(localHourStart("2026-11-29", 9, "Pacific/Kiritimati").toISOString()).toBe("2026-11-28T19:00:00.000Z");
    // US clocks go back at 02:00 on 2026-11-01: 09:00 is then UTC−8 in Los Angeles.
    expect(localHourStart("2026-11-01", 9, "America/Los_Angeles").toISOString()).toBe("2026-11-01T17:00:00.000Z");
    expect(localMoment(localHourStart("2026-03-08", 9, "America/New_York"), "America/New_York").hour).toBe(9);
  });
});
