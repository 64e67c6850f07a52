import { describe, expect, it } from "vitest";
import { MAIL_EXCERPT_MAX, mailExcerpt, toMailPiece } from "./mail-pieces.ts";

const row = { id: "p1", title: null, content: "Short.", contentWarning: null, authorLabel: "Anonymous", prompt: { text: "**LARGE:Doors**\nWrite about one", kind: "daily" as const } };

describe("a piece in an email", () => {
  it("cuts the excerpt at a word, at most 300 characters with its ellipsis, markers kept paired", () => {
    const long = `**${"word ".repeat(30).trim()}** ${"more words here ".repeat(40)}`;
    const excerpt = mailExcerpt(long);
    expect(excerpt.length).toBeLessThanOrEqual(MAIL_EXCERPT_MAX);
    expect(excerpt.endsWith("…")).toBe(true);
    expect((excerpt.match(/\*\*/g) ?? []).length % 2).toBe(0);
    expect(mailExcerpt("Short and whole.")).toBe("Short and whole.");
  });

  it("goes by its prompt when untitled, and shows only the warning behind a content warning", () => {
    const piece = toMailPiece(row, "https://ink.example");
    expect(piece).toMatchObject({ url: "https://ink.example/submission/p1", name: "Doors — Write about one", prompt: null, excerpt: "Short.", warning: null });
    const warned = toMailPiece({ ...row, title: "Named", contentWarning: "grief" }, "https://ink.example");
    expect(warned).toMatchObject({ name: "Named", prompt: "Doors — Write about one", excerpt: null, warning: "Content warning: grief" });
  });
});
