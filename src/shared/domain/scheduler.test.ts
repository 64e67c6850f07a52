import { describe, expect, it } from "vitest";
import {
  countOutcomes,
  loadSummary,
  missingPromptsWarning,
  missingUpcomingDates,
  planDay,
  planWeek,
  saveSummary,
  shiftWeek,
  upcomingDates,
  weekdayName,
  weekLabel,
  weekOf,
  type DayOutcome,
} from "./scheduler.ts";

describe("weekOf", () => {
  it("starts on the Sunday of the week and runs to Saturday", () => {
    // 2026-11-18 is a Wednesday.
    expect(weekOf("2026-11-18")).toEqual(["2026-11-15", "2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"]);
  });

  it("keeps a Sunday as the first day and a Saturday as the last", () => {
    expect(weekOf("2026-11-15")[0]).toBe("2026-11-15");
    expect(weekOf("2026-11-21")[0]).toBe("2026-11-15");
    expect(weekOf("2026-11-22")[0]).toBe("2026-11-22");
  });

  it("crosses a month boundary", () => {
    expect(weekOf("2026-12-01")).toEqual(["2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05"]);
  });

  it("crosses a year boundary", () => {
    expect(weekOf("2027-01-01")).toEqual(["2026-12-27", "2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
  });

  it("handles a leap day", () => {
    expect(weekOf("2028-02-29")).toEqual(["2028-02-27", "2028-02-28", "2028-02-29", "2028-03-01", "2028-03-02", "2028-03-03", "2028-03-04"]);
  });
});

describe("shiftWeek and weekdayName", () => {
  it("steps whole weeks from the Sunday", () => {
    expect(shiftWeek("2026-11-18", 1)).toBe("2026-11-22");
    expect(shiftWeek("2026-11-18", -1)).toBe("2026-11-08");
    expect(shiftWeek("2026-12-30", 1)).toBe("2027-01-03");
    expect(shiftWeek("2026-11-18", 0)).toBe("2026-11-15");
  });

  it("names the day of a date", () => {
    expect(weekdayName("2026-11-15")).toBe("Sunday");
    expect(weekdayName("2026-11-21")).toBe("Saturday");
  });
});

describe("weekLabel", () => {
  it("reads like the spec's example", () => {
    expect(weekLabel("2026-11-15")).toBe("Nov 15 - Nov 21, 2026");
    expect(weekLabel("2026-11-19")).toBe("Nov 15 - Nov 21, 2026");
  });

  it("names both months across a month boundary", () => {
    expect(weekLabel("2026-11-29")).toBe("Nov 29 - Dec 5, 2026");
  });

  it("names both years across New Year", () => {
    expect(weekLabel("2026-12-31")).toBe("Dec 27, 2026 - Jan 2, 2027");
  });
});

describe("planDay", () => {
  const stored = { text: "Write about rain.", author: null };

  it("creates a prompt for a day with text and nothing stored", () => {
    expect(planDay({ date: "2026-11-15", text: "  A door  ", author: "  Mary Oliver " }, null)).toEqual({
      date: "2026-11-15",
      action: "create",
      text: "A door",
      author: "Mary Oliver",
    });
  });

  it("updates when the text or the author changed", () => {
    expect(planDay({ date: "d", text: "Write about snow." }, stored).action).toBe("update");
    expect(planDay({ date: "d", text: "Write about rain.", author: "Ann" }, stored).action).toBe("update");
    expect(planDay({ date: "d", text: "Write about rain." }, { text: "Write about rain.", author: "Ann" }).action).toBe("update");
  });

  it("leaves a day alone when nothing changed (whitespace and a blank author do not count)", () => {
    expect(planDay({ date: "d", text: " Write about rain.\n", author: "   " }, stored).action).toBe("unchanged");
  });

  it("deletes the stored prompt of a day left empty", () => {
    expect(planDay({ date: "d", text: "   \n ", author: "Ann" }, stored)).toEqual({ date: "d", action: "delete", text: "", author: null });
  });

  it("does nothing for an empty day with nothing stored", () => {
    expect(planDay({ date: "d", text: "" }, null).action).toBe("empty");
  });
});

describe("planDay against the day as the admin loaded it", () => {
  const loaded = { text: "Write about rain.", author: "Ann" };
  const theirs = { text: "Write about fog.", author: null };

  it("leaves a day the admin did not edit as it is now, whatever someone else saved meanwhile", () => {
    expect(planDay({ date: "d", text: "Write about rain.", author: "Ann" }, theirs, loaded).action).toBe("unchanged");
    expect(planDay({ date: "d", text: " Write about rain. ", author: " Ann " }, loaded, loaded).action).toBe("unchanged");
    // Deleted by someone else: not brought back.
    expect(planDay({ date: "d", text: "Write about rain.", author: "Ann" }, null, loaded).action).toBe("empty");
    // Empty when loaded, filled by someone else: not deleted.
    expect(planDay({ date: "d", text: "", author: null }, theirs, null).action).toBe("unchanged");
    expect(planDay({ date: "d", text: "" }, null, null).action).toBe("empty");
  });

  it("refuses an edit of a day that changed since it was loaded", () => {
    expect(planDay({ date: "d", text: "Write about snow." }, theirs, loaded).action).toBe("conflict");
    expect(planDay({ date: "d", text: "" }, theirs, loaded).action).toBe("conflict");
    expect(planDay({ date: "d", text: "A new day" }, theirs, null).action).toBe("conflict");
    expect(planDay({ date: "d", text: "Write about rain.", author: "Bo" }, null, loaded).action).toBe("conflict");
  });

  it("saves an edit of a day still as it was loaded", () => {
    expect(planDay({ date: "d", text: "Write about snow." }, loaded, loaded).action).toBe("update");
    expect(planDay({ date: "d", text: "" }, loaded, loaded).action).toBe("delete");
    expect(planDay({ date: "d", text: "A new day" }, null, null).action).toBe("create");
  });

  it("does not call it a conflict when the day already holds what the admin wants", () => {
    expect(planDay({ date: "d", text: "Write about fog." }, theirs, loaded).action).toBe("unchanged");
    expect(planDay({ date: "d", text: "" }, null, loaded).action).toBe("empty");
  });
});

describe("planWeek", () => {
  it("plans create, update, delete, empty and unchanged across a week", () => {
    const days = weekOf("2026-11-15");
    const stored = new Map([
      [days[1]!, { text: "Old Monday", author: null }],
      [days[2]!, { text: "Tuesday stays", author: "Ann" }],
      [days[3]!, { text: "Wednesday goes", author: null }],
    ]);
    const plan = planWeek(
      days.map((date, i) => ({ date, text: ["Sunday new", "New Monday", "Tuesday stays", "", "", "Friday new", " "][i]!, author: i === 2 ? "Ann" : null })),
      stored,
    );
    expect(plan.map((p) => p.action)).toEqual(["create", "update", "unchanged", "delete", "empty", "create", "empty"]);
  });

  it("accepts a plain record of stored days", () => {
    expect(planWeek([{ date: "2026-11-15", text: "x" }], { "2026-11-15": { text: "x", author: null } })[0]!.action).toBe("unchanged");
  });
});

describe("save and load summaries", () => {
  const week = weekOf("2026-11-15");
  const outcome = (i: number, status: DayOutcome["status"], message?: string): DayOutcome => ({ date: week[i]!, status, message });

  it("counts outcomes", () => {
    expect(countOutcomes([outcome(0, "saved"), outcome(1, "saved"), outcome(2, "updated"), outcome(3, "deleted"), outcome(4, "error"), outcome(5, "empty")])).toEqual({
      created: 2,
      updated: 1,
      deleted: 1,
      errors: 1,
    });
  });

  it("reports success with the non-zero counts", () => {
    expect(saveSummary([outcome(0, "saved"), outcome(1, "saved"), outcome(2, "updated"), outcome(3, "deleted"), outcome(4, "empty")])).toEqual({
      tone: "success",
      message: "Success! 2 new prompts created, 1 prompt updated, 1 prompt deleted",
    });
    expect(saveSummary([outcome(0, "updated"), outcome(1, "updated"), outcome(2, "unchanged")]).message).toBe("Success! 2 prompts updated");
  });

  it("reports no changes", () => {
    expect(saveSummary([outcome(0, "empty"), outcome(1, "unchanged")])).toEqual({ tone: "info", message: "No changes needed" });
  });

  it("reports a partial save with each failed day and its reason", () => {
    expect(saveSummary([outcome(0, "saved"), outcome(3, "error", "It has pieces"), outcome(6, "error", "Too long")])).toEqual({
      tone: "error",
      message: "Partially completed: 1 new prompt created. Errors: Wednesday: It has pieces; Saturday: Too long",
    });
    expect(saveSummary([outcome(3, "error")]).message).toBe("Partially completed: no changes made. Errors: Wednesday: Unknown error");
  });

  it("reports what a load found", () => {
    expect(loadSummary(0)).toBe("No existing prompts found for this week - ready to create new ones");
    expect(loadSummary(1)).toBe("Loaded 1 existing prompt for this week");
    expect(loadSummary(5)).toBe("Loaded 5 existing prompts for this week");
  });
});

describe("upcoming prompts (issue 11 item 1)", () => {
  it("looks at the next two dates after the server's, across month and year ends", () => {
    expect(upcomingDates("2026-11-18")).toEqual(["2026-11-19", "2026-11-20"]);
    expect(upcomingDates("2026-12-31")).toEqual(["2027-01-01", "2027-01-02"]);
    expect(upcomingDates("2028-02-28")).toEqual(["2028-02-29", "2028-03-01"]);
  });

  it("names the upcoming dates that have no stored prompt", () => {
    expect(missingUpcomingDates("2026-11-18", ["2026-11-18", "2026-11-19", "2026-11-20"])).toEqual([]);
    expect(missingUpcomingDates("2026-11-18", ["2026-11-19"])).toEqual(["2026-11-20"]);
    expect(missingUpcomingDates("2026-11-18", ["2026-11-18", "2026-11-21"])).toEqual(["2026-11-19", "2026-11-20"]);
  });

  it("words the warning with the weekday and the full date", () => {
    expect(missingPromptsWarning(["2026-11-20"])).toBe(
      "No prompt is scheduled for Friday, November 20, 2026. Writers in time zones ahead reach this day first; until a prompt is set they see the latest earlier one.",
    );
    expect(missingPromptsWarning(["2026-11-19", "2026-11-20"])).toMatch(/^No prompt is scheduled for Thursday, November 19, 2026 and Friday, November 20, 2026\. .*these days first/);
  });
});
