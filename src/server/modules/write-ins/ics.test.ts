import { describe, expect, it } from "vitest";
import { foldLine, icsText, icsTime, writeInCalendar } from "./ics.ts";

describe("a write-in as an iCalendar file (RFC 5545)", () => {
  it("escapes what a title could break the file with", () => {
    expect(icsText("Tea, cake; and a\\slash\nnext line\u0007")).toBe("Tea\\, cake\\; and a\\\\slash\\nnext line");
    // A title cannot end the event and start another.
    expect(icsText("x\r\nEND:VEVENT\r\nBEGIN:VEVENT")).toBe("x\\nEND:VEVENT\\nBEGIN:VEVENT");
  });

  it("folds lines at 75 octets without cutting a character in two", () => {
    const line = `SUMMARY:${"é".repeat(80)}`;
    const folded = foldLine(line).split("\r\n");
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(75);
    expect(folded.map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(line);
    expect(foldLine("SHORT:1")).toBe("SHORT:1");
  });

  it("writes one event in UTC, with CRLF line ends, cancelled when the write-in is", () => {
    const start = new Date("2026-12-02T17:00:00.000Z");
    const file = writeInCalendar(
      [{ uid: "abc@example.test", title: "Class, week 1", startsAt: start, endsAt: new Date(start.getTime() + 20 * 60_000), canceled: true, url: "https://example.test/write-ins/abc", description: "Write together for 20 minutes." }],
      new Date("2026-11-28T10:00:00.000Z"),
    );
    expect(file.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(file.split("\r\n")).toEqual(
      expect.arrayContaining(["DTSTART:20261202T170000Z", "DTEND:20261202T172000Z", "STATUS:CANCELLED", "SUMMARY:Class\\, week 1", "DTSTAMP:20261128T100000Z"]),
    );
    expect(file.replace(/\r\n/g, "")).not.toMatch(/\n/);
    expect(icsTime(start)).toBe("20261202T170000Z");
  });
});
