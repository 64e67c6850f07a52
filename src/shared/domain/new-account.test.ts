import { describe, expect, it } from "vitest";
import { newAccountCommentsMessage, newAccountPiecesMessage, newAccountUntil } from "./new-account.ts";

describe("new accounts (issue 13 item 7)", () => {
  const created = new Date("2026-03-01T10:00:00Z");
  it("are limited for 24 hours while the email is unconfirmed", () => {
    expect(newAccountUntil(created, false, new Date("2026-03-01T10:00:00Z"))).toEqual(new Date("2026-03-02T10:00:00Z"));
    expect(newAccountUntil(created, false, new Date("2026-03-02T09:59:59Z"))).toEqual(new Date("2026-03-02T10:00:00Z"));
    expect(newAccountUntil(created, false, new Date("2026-03-02T10:00:00Z"))).toBeNull();
  });
  it("are not limited once the email is confirmed", () => {
    expect(newAccountUntil(created, true, created)).toBeNull();
  });
  it("say which limit applies and until when, in the writer's time zone", () => {
    const until = new Date("2026-03-02T10:00:00Z");
    expect(newAccountPiecesMessage(until, "America/New_York")).toBe(
      "New accounts can publish 3 public pieces a day until your email is confirmed or until March 2, 2026 at 5:00 AM. You can still save privately.",
    );
    expect(newAccountCommentsMessage(until, "UTC")).toBe("New accounts can post 10 comments a day until your email is confirmed or until March 2, 2026 at 10:00 AM.");
  });
});
