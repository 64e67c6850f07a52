import { describe, expect, it } from "vitest";
import { anonymousLabel, canCancel, canJoin, canRsvp, countLabel, resultsLine, youWroteLabel } from "./write-in-words.ts";
import { checkScheduleDraft, type ScheduleDraft } from "./schedule-draft.ts";

describe("the write-ins' words", () => {
  it("says the results as the contract does", () => {
    expect(resultsLine(18, 6420)).toBe("18 showed up · 6,420 words");
    expect(resultsLine(1, 1)).toBe("1 showed up · 1 word");
    expect(youWroteLabel(412)).toBe("You wrote 412 words");
    expect(youWroteLabel(1)).toBe("You wrote 1 word");
    expect(anonymousLabel(3)).toBe("3 wrote anonymously");
  });

  it("counts who is coming until the start, who joined after it, nothing for a canceled one", () => {
    expect(countLabel({ state: "upcoming", coming: 1, joined: 0 })).toBe("1 coming");
    expect(countLabel({ state: "open", coming: 1200, joined: 2 })).toBe("1,200 coming");
    expect(countLabel({ state: "live", coming: 5, joined: 3 })).toBe("3 joined");
    expect(countLabel({ state: "ended", coming: 5, joined: 4 })).toBe("4 joined");
    expect(countLabel({ state: "canceled", coming: 5, joined: 0 })).toBeNull();
  });
});

describe("what a writer may do in each state", () => {
  const start = Date.parse("2026-12-02T17:00:00Z");
  const lateJoinUntil = "2026-12-02T17:15:00.000Z";

  it("says one is coming until the start", () => {
    expect(canRsvp("upcoming")).toBe(true);
    expect(canRsvp("open")).toBe(true);
    expect(canRsvp("live")).toBe(false);
    expect(canRsvp("ended")).toBe(false);
    expect(canRsvp("canceled")).toBe(false);
  });

  it("joins from the opening, a first time until half-time, again until the end", () => {
    expect(canJoin({ state: "upcoming", lateJoinUntil, joinedByMe: false }, start - 11 * 60_000)).toBe(false);
    expect(canJoin({ state: "open", lateJoinUntil, joinedByMe: false }, start - 5 * 60_000)).toBe(true);
    expect(canJoin({ state: "live", lateJoinUntil, joinedByMe: false }, start + 14 * 60_000)).toBe(true);
    expect(canJoin({ state: "live", lateJoinUntil, joinedByMe: false }, start + 15 * 60_000)).toBe(false);
    expect(canJoin({ state: "live", lateJoinUntil, joinedByMe: true }, start + 25 * 60_000)).toBe(true);
    expect(canJoin({ state: "ended", lateJoinUntil, joinedByMe: true }, start + 31 * 60_000)).toBe(false);
    expect(canJoin({ state: "canceled", lateJoinUntil, joinedByMe: false }, start - 5 * 60_000)).toBe(false);
  });

  it("cancels as a manager, before the start", () => {
    expect(canCancel({ canManage: true, state: "upcoming" })).toBe(true);
    expect(canCancel({ canManage: true, state: "open" })).toBe(true);
    expect(canCancel({ canManage: true, state: "live" })).toBe(false);
    expect(canCancel({ canManage: false, state: "upcoming" })).toBe(false);
  });
});

describe("checkScheduleDraft", () => {
  const ok: ScheduleDraft = { where: "", title: "Friday sprint", start: "2026-12-02T18:00", length: "30", weekly: false, promptMode: "site", promptText: "" };

  it("passes a complete draft", () => {
    expect(checkScheduleDraft(ok)).toEqual({});
  });

  it("asks for a title, a start, and a length from 10 to 60 minutes, in the server's words", () => {
    expect(checkScheduleDraft({ ...ok, title: "   ", start: "", length: "9" })).toEqual({
      title: "Give the write-in a title",
      start: "Choose a start time",
      length: "Choose a length from 10 to 60 minutes",
    });
    expect(checkScheduleDraft({ ...ok, length: "10" })).toEqual({});
    expect(checkScheduleDraft({ ...ok, length: "60" })).toEqual({});
    expect(checkScheduleDraft({ ...ok, length: "61" }).length).toBeDefined();
    expect(checkScheduleDraft({ ...ok, length: "12.5" }).length).toBeDefined();
    expect(checkScheduleDraft({ ...ok, length: "" }).length).toBeDefined();
  });

  it("asks for its own prompt's words (at most 4000 characters) only when it brings its own", () => {
    expect(checkScheduleDraft({ ...ok, promptMode: "own", promptText: "  \n " })).toEqual({ prompt: "Please enter a prompt text" });
    expect(checkScheduleDraft({ ...ok, promptMode: "own", promptText: "x".repeat(4001) })).toEqual({ prompt: "Prompts can be at most 4000 characters" });
    expect(checkScheduleDraft({ ...ok, promptMode: "own", promptText: ` ${"x".repeat(4000)} ` })).toEqual({});
    expect(checkScheduleDraft({ ...ok, promptMode: "site", promptText: "" })).toEqual({});
  });
});
