import { describe, expect, it } from "vitest";
import { authorLine, markupToPlainText, parseMarkup, promptLine, truncateMarkup, truncateText, type MarkupNode } from "./markup.ts";

const text = (t: string): MarkupNode => ({ type: "text", text: t });
const strong = (...children: MarkupNode[]): MarkupNode => ({ type: "strong", children });
const em = (...children: MarkupNode[]): MarkupNode => ({ type: "em", children });
const large = (...children: MarkupNode[]): MarkupNode => ({ type: "large", children });
const small = (...children: MarkupNode[]): MarkupNode => ({ type: "small", children });
const br: MarkupNode = { type: "break" };

describe("parseMarkup: pieces", () => {
  it("renders **bold**, *italic* and line breaks", () => {
    expect(parseMarkup("a **bold** and *soft* word")).toEqual([text("a "), strong(text("bold")), text(" and "), em(text("soft")), text(" word")]);
    expect(parseMarkup("one\ntwo\r\nthree\rfour")).toEqual([text("one"), br, text("two"), br, text("three"), br, text("four")]);
    expect(parseMarkup("")).toEqual([]);
  });

  it("nests italics in bold and bold in italics", () => {
    expect(parseMarkup("**bold *italic* bold**")).toEqual([strong(text("bold "), em(text("italic")), text(" bold"))]);
    expect(parseMarkup("*soft **loud** soft*")).toEqual([em(text("soft "), strong(text("loud")), text(" soft"))]);
    expect(parseMarkup("***both***")).toEqual([strong(em(text("both")))]);
    expect(parseMarkup("x ***a* b** y")).toEqual([text("x "), strong(em(text("a")), text(" b")), text(" y")]);
  });

  it("leaves unclosed, empty and spaced markers as the writer typed them", () => {
    expect(parseMarkup("**never closed")).toEqual([text("**never closed")]);
    expect(parseMarkup("*never closed")).toEqual([text("*never closed")]);
    expect(parseMarkup("**")).toEqual([text("**")]);
    expect(parseMarkup("****")).toEqual([text("****")]);
    expect(parseMarkup("a * b * c")).toEqual([text("a * b * c")]);
    expect(parseMarkup("** spaced **")).toEqual([text("** spaced **")]);
    expect(parseMarkup("5 * 3 = 15 *really*")).toEqual([text("5 * 3 = 15 "), em(text("really"))]);
  });

  it("does not carry emphasis across a line break", () => {
    expect(parseMarkup("**a\nb**")).toEqual([text("**a"), br, text("b**")]);
    expect(parseMarkup("*a\nb*")).toEqual([text("*a"), br, text("b*")]);
  });

  it("keeps HTML and script as text (it is never interpreted)", () => {
    const evil = '<script>alert("x")</script><img src=x onerror=alert(1)> &amp; &lt;b&gt;';
    expect(parseMarkup(evil)).toEqual([text(evil)]);
    expect(parseMarkup("**<b>hi</b>**")).toEqual([strong(text("<b>hi</b>"))]);
    expect(markupToPlainText("*<i>x</i>*")).toBe("<i>x</i>");
  });

  it("ignores prompt-only markup in pieces", () => {
    expect(parseMarkup("**LARGE:Title**")).toEqual([strong(text("LARGE:Title"))]);
    expect(parseMarkup("~~small:note~~")).toEqual([text("~~small:note~~")]);
  });
});

describe("parseMarkup: prompts", () => {
  it("renders **LARGE:text**, ~~small:text~~ and the author line", () => {
    expect(parseMarkup("**LARGE:The door**\nWrite.\n*Prompt by Ann Lee*", "prompt")).toEqual([
      large(text("The door")),
      br,
      text("Write."),
      br,
      em(text("Prompt by Ann Lee")),
    ]);
    expect(parseMarkup("~~small:a note~~", "prompt")).toEqual([small(text("a note"))]);
  });

  it("allows italics inside LARGE and small, but not nested sizes", () => {
    expect(parseMarkup("**LARGE:a *b* c**", "prompt")).toEqual([large(text("a "), em(text("b")), text(" c"))]);
    // The first closing marker ends the size: sizes never nest.
    expect(parseMarkup("~~small:see ~~small:x~~ y~~", "prompt")).toEqual([small(text("see ")), text("small:x~~ y~~")]);
    expect(parseMarkup("**LARGE:a **b** c**", "prompt")).toEqual([large(text("a ")), text("b** c**")]);
  });

  it("leaves empty or unclosed prompt markers literal", () => {
    expect(parseMarkup("~~small:~~", "prompt")).toEqual([text("~~small:~~")]);
    expect(parseMarkup("~~small:open", "prompt")).toEqual([text("~~small:open")]);
    expect(parseMarkup("**LARGE:open", "prompt")).toEqual([text("**LARGE:open")]);
  });
});

describe("plain text helpers", () => {
  it("removes markers for descriptions", () => {
    expect(markupToPlainText("**LARGE:Big** and ~~small:tiny~~", "prompt")).toBe("Big and tiny");
    expect(markupToPlainText("**a** *b*\nc")).toBe("a b\nc");
  });

  it("cuts at a word boundary with an ellipsis", () => {
    expect(truncateText("short", 10)).toBe("short");
    expect(truncateText("one two three four five", 16)).toBe("one two three…");
    expect(truncateText("abcdefghijklmnop", 10)).toBe("abcdefghi…");
    expect(truncateText("  spread\n\nout  ", 20)).toBe("spread out");
  });

  it("drops the punctuation a cut leaves before the ellipsis (never \".…\")", () => {
    expect(truncateText("Write about a door you have never opened. Where is it?", 42)).toBe("Write about a door you have never opened…");
    expect(truncateText("One, two, three, four, five", 17)).toBe("One, two, three…");
    expect(truncateText("One, two, three, four, five", 19)).toBe("One, two, three…");
    expect(truncateText("The first page — Write about a door", 17)).toBe("The first page…");
  });

  it("writes the scheduler's author line", () => {
    expect(authorLine("  Ann Lee ")).toBe("*Prompt by Ann Lee*");
    expect(parseMarkup(authorLine("Ann"), "prompt")).toEqual([em(text("Prompt by Ann"))]);
  });
});

describe("promptLine: a prompt on one line", () => {
  it("keeps a LARGE heading apart from the body with an em dash", () => {
    expect(promptLine("**LARGE:The first page**\nWrite about a door.")).toBe("The first page — Write about a door.");
    expect(promptLine("**LARGE:Doors**\n~~small:ten minutes~~")).toBe("Doors — ten minutes");
    expect(promptLine("**LARGE:Harbour lights**\n\nWrite about a night.\n*Prompt by Ann Lee*")).toBe("Harbour lights — Write about a night. Prompt by Ann Lee");
  });

  it("adds no dash after a heading that ends a thought, or with nothing after it", () => {
    expect(promptLine("**LARGE:Doors?**\nWrite about one.")).toBe("Doors? Write about one.");
    expect(promptLine("**LARGE:Rivers**")).toBe("Rivers");
    expect(promptLine("**LARGE:Rivers**\n  \n")).toBe("Rivers");
  });

  it("reads LARGE and small words inside a line as words of that line", () => {
    expect(promptLine("Write about a **LARGE:lighthouse** you have never visited.")).toBe("Write about a lighthouse you have never visited.");
    expect(promptLine("**LARGE:Write** about a door")).toBe("Write about a door");
    expect(promptLine("Write about a night.~~small:ten minutes, no more~~")).toBe("Write about a night. ten minutes, no more");
    expect(promptLine("one\ntwo\r\nthree")).toBe("one two three");
    expect(promptLine("")).toBe("");
  });

  it("is what markupToPlainText gives for a prompt (every one-line surface uses it)", () => {
    expect(markupToPlainText("**LARGE:The first page**\nWrite about a door.", "prompt")).toBe("The first page — Write about a door.");
  });
});

describe("truncateMarkup", () => {
  it("keeps short text whole", () => {
    expect(truncateMarkup("  Short and **sweet**  ", 50)).toEqual({ text: "Short and **sweet**", truncated: false });
  });

  it("cuts at a word and drops a bold or italic marker the cut left open", () => {
    const bold = truncateMarkup("aaaa bbbb **bold words that run past** the end", 24);
    expect(bold.truncated).toBe(true);
    expect(bold.text).toBe("aaaa bbbb bold words");
    expect(markupToPlainText(bold.text)).not.toContain("*");
    const italic = truncateMarkup("one two *three four five six* seven", 20);
    expect(italic.text).toBe("one two three four");
  });

  it("keeps closed markers so the preview still renders them", () => {
    const r = truncateMarkup("**Bold** start, *soft* middle, and a long tail of words after it", 30);
    expect(r.text).toBe("**Bold** start, *soft* middle,");
    expect(parseMarkup(r.text)[0]).toMatchObject({ type: "strong" });
  });
});
