import { describe, expect, it } from "vitest";
import { parseMarkup } from "#shared/domain/markup.ts";
import { applyPromptFormat } from "./format-prompt.ts";

describe("applyPromptFormat", () => {
  const text = "Write about a door";

  it("wraps the selection in italic, LARGE and small markup and keeps the words selected", () => {
    const italic = applyPromptFormat(text, 14, 18, "italic");
    expect(italic.text).toBe("Write about a *door*");
    expect(italic.text.slice(italic.selectionStart, italic.selectionEnd)).toBe("door");

    const large = applyPromptFormat(text, 0, 5, "large");
    expect(large.text).toBe("**LARGE:Write** about a door");
    expect(large.text.slice(large.selectionStart, large.selectionEnd)).toBe("Write");

    const small = applyPromptFormat(text, 6, 11, "small");
    expect(small.text).toBe("Write ~~small:about~~ a door");
  });

  it("produces markup the shared parser renders", () => {
    expect(parseMarkup(applyPromptFormat(text, 0, 5, "large").text, "prompt")[0]).toMatchObject({ type: "large" });
    expect(parseMarkup(applyPromptFormat(text, 6, 11, "small").text, "prompt")[1]).toMatchObject({ type: "small" });
  });

  it("keeps spaces around a selection outside the markers", () => {
    expect(applyPromptFormat("a door here", 1, 7, "italic").text).toBe("a *door* here");
  });

  it("inserts a selected placeholder when nothing is selected", () => {
    const r = applyPromptFormat(text, 5, 5, "large");
    expect(r.text).toBe("Write**LARGE:Large text** about a door");
    expect(r.text.slice(r.selectionStart, r.selectionEnd)).toBe("Large text");
  });

  it("puts the author line on its own line, around the selected name", () => {
    const withName = applyPromptFormat("Prompt text\nMary Oliver", 12, 23, "author");
    expect(withName.text).toBe("Prompt text\n*Prompt by Mary Oliver*");
    const atEnd = applyPromptFormat(text, text.length, text.length, "author");
    expect(atEnd.text).toBe("Write about a door\n*Prompt by Author Name*");
    expect(atEnd.text.slice(atEnd.selectionStart, atEnd.selectionEnd)).toBe("Author Name");
    const inMiddle = applyPromptFormat("one two", 3, 3, "author");
    expect(inMiddle.text).toBe("one\n*Prompt by Author Name*\n two");
  });

  it("handles a reversed or out-of-range selection", () => {
    expect(applyPromptFormat("abc", 3, 0, "italic").text).toBe("*abc*");
    expect(applyPromptFormat("abc", 10, 20, "italic").text).toBe("abc*italic text*");
  });
});
