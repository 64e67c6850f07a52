import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  archiveZipName,
  isArchiveReadme,
  pairOfPrivate,
  pieceFileName,
  pieceSlug,
  privateFileName,
  readArchiveFile,
  writeArchiveFile,
  type PieceFrontMatter,
} from "./piece-archive.ts";

const front: PieceFrontMatter = {
  title: "The lighthouse: a \"keeper's\" night",
  date: "2026-11-24T19:38:12.000Z",
  local_date: "2026-11-24",
  updated: "2026-11-25T08:00:00.000Z",
  prompt: "Write about a door\n---\nand what waits",
  prompt_date: "2026-11-24",
  words: 312,
  pages: 1.25,
  visibility: "public",
  signature: "alias",
  alias: "Heron",
  featured: false,
  likes: 3,
  comments: 2,
  source: "inkwell",
  id: "540a62cc-0000-4000-8000-000000000001",
};

describe("pieceSlug", () => {
  it("lower-cases the title, folds accents and joins the rest with single dashes", () => {
    expect(pieceSlug("  Café — Crème Brûlée!  ", "x")).toBe("cafe-creme-brulee");
    expect(pieceSlug("Ünïcödé & ß 2026", "x")).toBe("unicode-2026");
  });
  it("uses the first 6 words of the text for an untitled piece", () => {
    expect(pieceSlug(null, "**One** two three four five six seven eight")).toBe("one-two-three-four-five-six");
    expect(pieceSlug("   ", "Hello world")).toBe("hello-world");
  });
  it("cuts at 60 characters without a dash at the end, and is 'piece' when nothing is left", () => {
    const slug = pieceSlug("a".repeat(59) + " bcd", "");
    expect(slug).toBe("a".repeat(59));
    expect(pieceSlug("日本語", "")).toBe("piece");
    expect(pieceSlug(null, "   ")).toBe("piece");
  });
});

describe("pieceFileName", () => {
  it("files a piece under its year with its local date, numbering repeats", () => {
    const taken = new Set<string>();
    expect(pieceFileName("2026-11-24", "The lighthouse", "", taken)).toBe("2026/2026-11-24-the-lighthouse.md");
    expect(pieceFileName("2026-11-24", "The Lighthouse!", "", taken)).toBe("2026/2026-11-24-the-lighthouse-2.md");
    expect(pieceFileName("2026-11-24", "the lighthouse", "", taken)).toBe("2026/2026-11-24-the-lighthouse-3.md");
    expect(pieceFileName("2026-11-25", "The lighthouse", "", taken)).toBe("2026/2026-11-25-the-lighthouse.md");
    expect(taken.size).toBe(4);
  });
});

describe("private versions and the README", () => {
  it("pairs x.private.md with x.md", () => {
    expect(privateFileName("2026/2026-11-24-door.md")).toBe("2026/2026-11-24-door.private.md");
    expect(pairOfPrivate("2026/2026-11-24-door.private.md")).toBe("2026/2026-11-24-door.md");
    expect(pairOfPrivate("2026/2026-11-24-door.md")).toBeNull();
  });
  it("treats only the root README.md as not a piece", () => {
    expect(isArchiveReadme("README.md")).toBe(true);
    expect(isArchiveReadme("2026/README.md")).toBe(false);
    expect(archiveZipName("2026-11-24")).toBe("inkwell-2026-11-24.zip");
  });
});

describe("writeArchiveFile / readArchiveFile", () => {
  it("writes YAML front matter a YAML parser reads back exactly, then the text byte for byte", () => {
    const text = "---\n**Bold** line\n\n  indented\n# not a heading";
    const file = writeArchiveFile(front, text);
    const [, yamlPart, rest] = /^---\n([\s\S]*?)---\n\n([\s\S]*)$/.exec(file) ?? [];
    expect(parse(yamlPart ?? "")).toEqual(front);
    expect(rest).toBe(`${text}\n`);
    const read = readArchiveFile(file);
    expect(read.body).toBe(text);
    expect(read.frontMatter).toMatchObject({ title: front.title, date: front.date, local_date: "2026-11-24", id: front.id, words: 312 });
  });
  it("keeps a text that already ends with a newline as written", () => {
    expect(writeArchiveFile({ version: "private", title: null, words: 1, pages: 0 }, "Hi\n")).toBe("---\nversion: private\ntitle: null\nwords: 1\npages: 0\n---\n\nHi\n");
  });
  it("reads a file without front matter as all body", () => {
    expect(readArchiveFile("# Title\nText\n")).toEqual({ frontMatter: null, body: "# Title\nText" });
    expect(readArchiveFile("---\n: : [bad\n---\n\nText")).toEqual({ frontMatter: null, body: "---\n: : [bad\n---\n\nText" });
  });
  it("tolerates unknown keys and wrong types, reading them as absent", () => {
    const read = readArchiveFile("---\ntitle: 42\nlocal_date: yesterday\nmood: calm\nversion: private\n---\n\nText\n");
    expect(read.frontMatter).toMatchObject({ title: "42", local_date: undefined, mood: "calm", version: "private" });
    expect(read.body).toBe("Text");
  });
});
