import { describe, expect, it } from "vitest";
import {
  durationWords,
  expiredSessionMessage,
  formatClock,
  resolveSignature,
  sameSessionRestoreMessage,
  secondsLeft,
  timerShowsText,
  tooSoonMessage,
  usedUpSessionMessage,
} from "./writing-session.ts";

describe("secondsLeft", () => {
  const start = Date.parse("2026-01-01T10:00:00Z");
  it("counts down from the configured time and stops at zero", () => {
    expect(secondsLeft(start, start, 600)).toBe(600);
    expect(secondsLeft(start, start + 200, 600)).toBe(600);
    expect(secondsLeft(start, start + 1000, 600)).toBe(599);
    expect(secondsLeft(start, start + 599_001, 600)).toBe(1);
    expect(secondsLeft(start, start + 600_000, 600)).toBe(0);
    expect(secondsLeft(start, start + 900_000, 600)).toBe(0);
    expect(secondsLeft(start, start - 5000, 600)).toBe(600);
    expect(secondsLeft(start, start, 0)).toBe(0);
  });
});

describe("the timer's face", () => {
  it("formats minutes and seconds", () => {
    expect(formatClock(600)).toBe("10:00");
    expect(formatClock(200)).toBe("3:20");
    expect(formatClock(5)).toBe("0:05");
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(-3)).toBe("0:00");
  });

  it("shows the time as text once 595 of 600 seconds have passed", () => {
    expect(timerShowsText(600)).toBe(false);
    expect(timerShowsText(6)).toBe(false);
    expect(timerShowsText(5)).toBe(true);
    expect(timerShowsText(0)).toBe(true);
  });
});

describe("tooSoonMessage", () => {
  it("says how much longer, in the configured unit", () => {
    expect(tooSoonMessage("save", 200, 600)).toBe("Keep writing: saving unlocks after 10 minutes of writing (3:20 to go).");
    expect(tooSoonMessage("publish", 1, 600)).toBe("Keep writing: publishing unlocks after 10 minutes of writing (0:01 to go).");
    expect(tooSoonMessage("save", 2, 3)).toBe("Keep writing: saving unlocks after 3 seconds of writing (0:02 to go).");
  });

  it("names durations", () => {
    expect(durationWords(60)).toBe("1 minute");
    expect(durationWords(90)).toBe("90 seconds");
    expect(durationWords(1)).toBe("1 second");
  });
});

describe("resolveSignature", () => {
  it("accepts name, alias (when the writer has one) and anonymous; empty is anonymous", () => {
    expect(resolveSignature("name", "write", null)).toEqual({ ok: true, signature: "name" });
    expect(resolveSignature("alias", "write", "Quill")).toEqual({ ok: true, signature: "alias" });
    expect(resolveSignature("anonymous", "write", null)).toEqual({ ok: true, signature: "anonymous" });
    expect(resolveSignature("", "write", null)).toEqual({ ok: true, signature: "anonymous" });
    expect(resolveSignature(null, "write", null)).toEqual({ ok: true, signature: "anonymous" });
  });

  it("refuses anything else on /write in the spec's words", () => {
    const refused = { ok: false, message: "You can only sign with your registered name, your alias, or as Anonymous." };
    expect(resolveSignature("alias", "write", null)).toEqual(refused);
    expect(resolveSignature("alias", "write", "   ")).toEqual(refused);
    expect(resolveSignature("Lord Byron", "write", "Quill")).toEqual(refused);
  });

  it("falls back to anonymous on /freewrite", () => {
    expect(resolveSignature("alias", "freewrite", null)).toEqual({ ok: true, signature: "anonymous" });
    expect(resolveSignature("Lord Byron", "freewrite", "Quill")).toEqual({ ok: true, signature: "anonymous" });
  });
});

describe("refusals of a writing session that cannot count", () => {
  it("says the last piece used it up, and how long the next one needs", () => {
    expect(usedUpSessionMessage("save", 600)).toBe("This writing session was used up by your last piece. Keep writing: saving unlocks after 10 minutes of writing.");
    expect(usedUpSessionMessage("publish", 3)).toBe("This writing session was used up by your last piece. Keep writing: publishing unlocks after 3 seconds of writing.");
  });

  it("says why a restore is refused, to its writer and to an admin (issue 24 item 1)", () => {
    expect(sameSessionRestoreMessage(600)).toBe(
      "This piece and another of your pieces were written in the same 10 minutes of writing, and one writing session makes one piece. It stays in your trash: delete the other piece to restore this one.",
    );
    expect(sameSessionRestoreMessage(600, true)).toBe(
      "This piece and another of its writer's pieces were written in the same 10 minutes of writing, and one writing session makes one piece. It stays in its writer's trash: they can delete the other piece and restore this one.",
    );
  });

  it("says a session older than a day has expired", () => {
    expect(expiredSessionMessage("save", 600)).toBe(
      "This writing session started more than 24 hours ago and has expired. Keep writing: saving unlocks after 10 minutes of writing in a new session.",
    );
  });
});
