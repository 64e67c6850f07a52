import { describe, expect, it } from "vitest";
import { namedByPrompt, pieceName, UNTITLED } from "./piece-name.ts";

const door = { kind: "daily" as const, text: "**LARGE:The first page**\nWrite about a door you have never opened. Where is it, and what do you imagine waits on the other side?" };
const freewrite = { kind: "freewrite" as const, text: "Freewrite Session" };

describe("pieceName: one rule on every screen (title, else prompt, else Untitled)", () => {
  it("is the title when there is one, spaces tidied", () => {
    expect(pieceName("  The   lighthouse\n keeper ", door)).toBe("The lighthouse keeper");
  });

  it("is the prompt on one line when the piece has no title", () => {
    expect(pieceName(null, door)).toBe("The first page — Write about a door you have never opened. Where is it, and what do you imagine waits on the other side?");
    expect(pieceName("   ", door)).toBe(pieceName(null, door));
  });

  it('is "Untitled" for an untitled freewrite, a missing prompt or a prompt with no words', () => {
    expect(pieceName(null, freewrite)).toBe(UNTITLED);
    expect(pieceName(undefined, null)).toBe("Untitled");
    expect(pieceName("", { kind: "daily", text: "  \n " })).toBe("Untitled");
  });

  it("cuts at a word and never leaves punctuation before the ellipsis", () => {
    // The cut after "opened." would read "opened.…".
    const cut = pieceName(null, door, { max: 60 });
    expect(cut).toBe("The first page — Write about a door you have never opened…");
    expect(cut.length).toBeLessThanOrEqual(60);
    for (let max = 10; max <= 140; max++) {
      const name = pieceName(null, door, { max });
      expect(name.length, `max ${max}`).toBeLessThanOrEqual(max);
      expect(name, `max ${max}`).not.toMatch(/[\s.,;:!?—–-]…$/u);
    }
    expect(pieceName("Short", door, { max: 60 })).toBe("Short");
  });

  it("can cut only a prompt standing in, keeping a writer's title whole", () => {
    const long = "A title the writer chose, longer than any card's cut of sixty characters";
    expect(pieceName(long, door, { promptMax: 60 })).toBe(long);
    expect(pieceName(null, door, { promptMax: 60 })).toBe("The first page — Write about a door you have never opened…");
    expect(pieceName(long, door, { max: 30, promptMax: 200 })).toBe("A title the writer chose…");
  });
});

describe("namedByPrompt", () => {
  it("is true only when the prompt stands in for a missing title", () => {
    expect(namedByPrompt(null, door)).toBe(true);
    expect(namedByPrompt(" ", door)).toBe(true);
    expect(namedByPrompt("Mine", door)).toBe(false);
    expect(namedByPrompt(null, freewrite)).toBe(false);
    expect(namedByPrompt(null, null)).toBe(false);
  });
});
