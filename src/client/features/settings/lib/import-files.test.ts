import { describe, expect, it } from "vitest";
import { IMPORT_MAX_UPLOAD_BYTES } from "#shared/constants.ts";
import { IMPORT_MESSAGES, importReportLine } from "#shared/schemas/import.ts";
import { importFilesProblem } from "./import-files.ts";

describe("importFilesProblem (the server's upload rules, mirrored)", () => {
  it("accepts one zip, or .md and .txt files", () => {
    expect(importFilesProblem([{ name: "inkwell-2026-11-24.ZIP", size: 10 }])).toBeNull();
    expect(importFilesProblem([{ name: "a.md", size: 1 }, { name: "b.txt", size: 1 }])).toBeNull();
  });
  it("names what is wrong: nothing chosen, another type, a zip with more, too large", () => {
    expect(importFilesProblem([])).toBe(IMPORT_MESSAGES.noFiles);
    expect(importFilesProblem([{ name: "novel.pdf", size: 1 }])).toBe(IMPORT_MESSAGES.wrongType);
    expect(importFilesProblem([{ name: "a.zip", size: 1 }, { name: "b.md", size: 1 }])).toBe(IMPORT_MESSAGES.mixed);
    expect(importFilesProblem([{ name: "a.zip", size: IMPORT_MAX_UPLOAD_BYTES + 1 }])).toBe(IMPORT_MESSAGES.tooLarge);
  });
});

describe("importReportLine", () => {
  it("says what was imported, skipped and unreadable, naming each unreadable file", () => {
    expect(importReportLine({ imported: 42, duplicates: 3, unreadable: [{ file: "old.txt", reason: "not valid UTF-8 text" }] })).toBe(
      "42 imported, 3 skipped as duplicates, 1 unreadable: old.txt: not valid UTF-8 text",
    );
    expect(importReportLine({ imported: 1, duplicates: 1, unreadable: [] })).toBe("1 imported, 1 skipped as a duplicate");
  });
});
