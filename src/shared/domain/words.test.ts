import { describe, expect, it } from "vitest";
import { countWords, firstName, formatPages, pagesFor, totalPages } from "./words.ts";

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");

describe("countWords", () => {
  it("counts whitespace-separated non-empty tokens", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("   \n\t ")).toBe(0);
    expect(countWords("one")).toBe(1);
    expect(countWords("  one   two\tthree\n\nfour  ")).toBe(4);
    expect(countWords("don't stop—keep going")).toBe(3);
    expect(countWords("**bold** and *italic*")).toBe(3);
  });

  it("counts non-Latin text and non-breaking spaces", () => {
    expect(countWords("café naïve résumé")).toBe(3);
    expect(countWords("один два\u00a0три")).toBe(3);
  });
});

describe("pagesFor", () => {
  it("is words / 250 to two decimals around the page boundary", () => {
    expect(pagesFor(countWords(words(249)))).toBe(1);
    expect(pagesFor(countWords(words(250)))).toBe(1);
    expect(pagesFor(countWords(words(251)))).toBe(1);
    expect(pagesFor(0)).toBe(0);
    expect(pagesFor(1)).toBe(0);
    expect(pagesFor(2)).toBe(0.01);
    expect(pagesFor(125)).toBe(0.5);
    expect(pagesFor(262)).toBe(1.05);
    expect(pagesFor(12_500)).toBe(50);
  });

  it("keeps exactly two decimals of precision (249 words is 0.996 → 1.00; 248 is 0.992 → 0.99)", () => {
    expect(pagesFor(248)).toBe(0.99);
    expect(pagesFor(237)).toBe(0.95);
  });
});

describe("formatPages", () => {
  it("shows one decimal", () => {
    expect(formatPages(0)).toBe("0.0");
    expect(formatPages(1.04)).toBe("1.0");
    expect(formatPages(1.05)).toBe("1.1");
    expect(formatPages(364.96)).toBe("365.0");
  });
});

describe("firstName", () => {
  it("is the first word of the full name, default Writer", () => {
    expect(firstName("Ada King Lovelace")).toBe("Ada");
    expect(firstName("  ")).toBe("Writer");
    expect(firstName(null)).toBe("Writer");
  });
});

describe("totalPages", () => {
  it("adds pages exactly, then rounds to one decimal: 0.4 + 1.15 is 1.6, not the float sum's 1.5", () => {
    expect(totalPages([0.4, 1.15])).toBe(1.6);
    expect(totalPages([16.7, 24.65])).toBe(41.4);
    expect(totalPages([0.04, 0.01])).toBe(0.1);
    expect(totalPages([0.04])).toBe(0);
    expect(totalPages([])).toBe(0);
  });
});
