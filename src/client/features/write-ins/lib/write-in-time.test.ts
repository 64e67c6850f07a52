import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultStartValue, formatWriteInStart, formatWriteInTime, localInputToIso, minutesLabel, startInputBounds, toLocalInputValue } from "./write-in-time.ts";

afterEach(() => vi.unstubAllEnvs());

/** Runs `fn` with the process's zone set to `tz` (Node reads TZ again when it changes). */
function inZone<T>(tz: string, fn: () => T): T {
  vi.stubEnv("TZ", tz);
  return fn();
}

describe("formatWriteInStart", () => {
  it("says the weekday, date, time and the zone's short name, in the viewer's zone", () => {
    const iso = "2026-12-02T17:00:00.000Z";
    expect(formatWriteInStart(iso, { locale: "en-GB", timeZone: "Europe/Paris" })).toBe("Wed 2 Dec, 18:00 CET");
    expect(formatWriteInStart(iso, { locale: "en-US", timeZone: "America/New_York" })).toBe("Wed, Dec 2, 12:00 PM EST");
    expect(formatWriteInStart(iso, { locale: "en-GB", timeZone: "UTC" })).toBe("Wed 2 Dec, 17:00 UTC");
  });

  it("moves to the next day where the zone is past midnight", () => {
    expect(formatWriteInStart("2026-12-02T23:30:00.000Z", { locale: "en-GB", timeZone: "Asia/Tokyo" })).toBe("Thu 3 Dec, 08:30 GMT+9");
  });

  it("follows daylight saving: the same UTC hour is CEST in summer", () => {
    expect(formatWriteInStart("2026-07-01T17:00:00.000Z", { locale: "en-GB", timeZone: "Europe/Paris" })).toBe("Wed 1 Jul, 19:00 CEST");
  });

  it("gives an end's time alone", () => {
    expect(formatWriteInTime("2026-12-02T17:45:00.000Z", { locale: "en-GB", timeZone: "Europe/Paris" })).toBe("18:45");
  });
});

describe("the form's datetime-local value", () => {
  it("is read in the browser's zone and sent with that zone's offset", () => {
    inZone("Europe/Paris", () => {
      expect(localInputToIso("2026-12-02T18:00")).toBe("2026-12-02T18:00:00+01:00");
      expect(localInputToIso("2026-07-01T18:00")).toBe("2026-07-01T18:00:00+02:00");
      expect(new Date(localInputToIso("2026-12-02T18:00")!).toISOString()).toBe("2026-12-02T17:00:00.000Z");
    });
    inZone("America/St_Johns", () => expect(localInputToIso("2026-12-02T18:00")).toBe("2026-12-02T18:00:00-03:30"));
    inZone("UTC", () => expect(localInputToIso("2026-12-02T18:00")).toBe("2026-12-02T18:00:00+00:00"));
  });

  it("resolves a wall time skipped by daylight saving as the browser does (an hour later)", () => {
    inZone("Europe/Paris", () => expect(localInputToIso("2026-03-29T02:30")).toBe("2026-03-29T03:30:00+02:00"));
  });

  it("is null when it is not a time", () => {
    expect(localInputToIso("")).toBeNull();
    expect(localInputToIso("2026-12-02")).toBeNull();
    expect(localInputToIso("2026-13-45T99:00")).toBeNull();
  });

  it("round-trips an instant", () => {
    inZone("Asia/Kolkata", () => {
      const at = Date.parse("2026-12-02T12:30:00Z");
      expect(toLocalInputValue(at)).toBe("2026-12-02T18:00");
      expect(Date.parse(localInputToIso(toLocalInputValue(at))!)).toBe(at);
    });
  });

  it("suggests this time tomorrow on the hour, and bounds the picker from now to 90 days ahead", () => {
    inZone("Europe/Paris", () => {
      const now = Date.parse("2026-11-28T16:38:20Z");
      expect(defaultStartValue(now)).toBe("2026-11-29T17:00");
      expect(startInputBounds(now)).toEqual({ min: "2026-11-28T17:38", max: "2027-02-26T17:38" });
    });
  });
});

describe("minutesLabel", () => {
  it("counts minutes", () => {
    expect(minutesLabel(30)).toBe("30 minutes");
    expect(minutesLabel(1)).toBe("1 minute");
  });
});
