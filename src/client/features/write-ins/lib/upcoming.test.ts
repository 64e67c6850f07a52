import { describe, expect, it } from "vitest";
import type { WriteInSummary } from "#shared/schemas/write-ins.ts";
import { UPCOMING_ON_WRITE_MAX, upcomingHref, upcomingOnWrite, upcomingWhen } from "./upcoming.ts";
import { writeInAt } from "./write-in-fixture.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOW = Date.parse("2026-12-01T18:00:00.000Z");

/** A write-in starting `inMs` from NOW (negative: started). */
const writeIn = (id: string, inMs: number, over: Partial<WriteInSummary> = {}) => writeInAt(NOW + inMs, { id, ...over });

describe("upcomingOnWrite", () => {
  it("names the two soonest I can join now or that start within a week", () => {
    const items = [writeIn("live", -5 * MINUTE), writeIn("open", 8 * MINUTE), writeIn("tomorrow", DAY)];
    expect(upcomingOnWrite(items, NOW).map((w) => w.id)).toEqual(["live", "open"]);
    expect(UPCOMING_ON_WRITE_MAX).toBe(2);
  });

  it("leaves out one more than a week ahead, and so says nothing when none is near", () => {
    expect(upcomingOnWrite([writeIn("week", 7 * DAY), writeIn("later", 7 * DAY + MINUTE)], NOW).map((w) => w.id)).toEqual(["week"]);
    expect(upcomingOnWrite([writeIn("later", 8 * DAY)], NOW)).toEqual([]);
    expect(upcomingOnWrite([], NOW)).toEqual([]);
  });

  it("skips a live one past half-time that I have not joined (I could not), but keeps it when I may come back", () => {
    const past = writeIn("past-half", -20 * MINUTE);
    expect(upcomingOnWrite([past, writeIn("next", 2 * DAY)], NOW).map((w) => w.id)).toEqual(["next"]);
    expect(upcomingOnWrite([{ ...past, joinedByMe: true }], NOW).map((w) => w.id)).toEqual(["past-half"]);
  });
});

describe("upcomingWhen and upcomingHref", () => {
  it("says Live now and links to writing while it is live", () => {
    const w = writeIn("a", -MINUTE);
    expect(upcomingWhen(w, NOW)).toBe("Live now");
    expect(upcomingHref(w, NOW)).toBe("/write-ins/a/write");
  });

  it("counts down the minutes once joining opens, and links to writing", () => {
    const w = writeIn("a", 8 * MINUTE - 20_000);
    expect(upcomingWhen(w, NOW)).toBe("Starts in 8 min");
    expect(upcomingWhen(w, NOW + 8 * MINUTE - 21_000)).toBe("Starts in 1 min");
    expect(upcomingHref(w, NOW)).toBe("/write-ins/a/write");
  });

  it("gives a later start in the viewer's own zone, and links to its page", () => {
    const w = writeIn("a", DAY + 60 * MINUTE);
    expect(upcomingWhen(w, NOW, { locale: "en-US", timeZone: "America/New_York" })).toBe("Wed, Dec 2, 2:00 PM EST");
    expect(upcomingWhen(w, NOW, { locale: "en-GB", timeZone: "Europe/Paris" })).toBe("Wed 2 Dec, 20:00 CET");
    expect(upcomingHref(w, NOW)).toBe("/write-ins/a");
  });

  it("says Ended once over (the notice keeps its place) and links to its page", () => {
    const w = writeIn("a", -40 * MINUTE, { joinedByMe: true });
    expect(upcomingWhen(w, NOW)).toBe("Ended");
    expect(upcomingHref(w, NOW)).toBe("/write-ins/a");
  });
});
