import { describe, expect, it } from "vitest";
import { choosePrompt, mayAnswerPrompt } from "./prompt-choice.ts";

const p = (id: string, date: string) => ({ id, date, kind: "daily" as const });

describe("choosePrompt", () => {
  it("takes the prompt of the writer's own date", () => {
    const own = p("own", "2031-05-10");
    expect(choosePrompt("2031-05-10", own, p("next", "2031-05-11"))).toEqual({ prompt: own, source: "today" });
  });

  it("takes the nearest earlier prompt when their date has none, even with a later one stored", () => {
    const before = p("before", "2031-05-08");
    expect(choosePrompt("2031-05-10", before, p("after", "2031-05-11"))).toEqual({ prompt: before, source: "earlier" });
  });

  it("takes the nearest later prompt when their date is before every stored prompt", () => {
    const after = p("after", "2031-05-11");
    expect(choosePrompt("2031-05-10", null, after)).toEqual({ prompt: after, source: "later" });
  });

  it("chooses nothing only when no prompt is stored at all", () => {
    expect(choosePrompt("2031-05-10", null, null)).toBeNull();
  });
});

describe("mayAnswerPrompt", () => {
  const today = "2031-05-10";

  it("accepts prompts dated up to the writer's date (a piece begun before midnight still saves)", () => {
    expect(mayAnswerPrompt(p("a", today), today, "a")).toBe(true);
    expect(mayAnswerPrompt(p("b", "2031-05-09"), today, "a")).toBe(true);
    expect(mayAnswerPrompt(p("c", "2020-01-01"), today, null)).toBe(true);
  });

  it("accepts a later-dated prompt only when it is the one the writer is shown", () => {
    expect(mayAnswerPrompt(p("later", "2031-05-11"), today, "later")).toBe(true);
    expect(mayAnswerPrompt(p("later", "2031-05-11"), today, "other")).toBe(false);
    expect(mayAnswerPrompt(p("later", "2031-05-11"), today, null)).toBe(false);
  });

  it("accepts the freewrite prompt, which has no date", () => {
    expect(mayAnswerPrompt({ id: "free", kind: "freewrite", date: null }, today, "x")).toBe(true);
  });
});
