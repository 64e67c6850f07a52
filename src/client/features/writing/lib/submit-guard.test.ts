import { describe, expect, it } from "vitest";
import { DOUBLE_CLICK_GUARD_MS } from "#shared/constants.ts";
import { createSubmitGuard } from "./submit-guard.ts";

describe("createSubmitGuard", () => {
  it("takes a second press within a second for a double click", () => {
    const guard = createSubmitGuard();
    expect(guard.press("page", 10_000)).toBe(true);
    expect(guard.press("page", 10_000 + DOUBLE_CLICK_GUARD_MS - 1)).toBe(false);
    expect(guard.press("page", 10_000 + DOUBLE_CLICK_GUARD_MS)).toBe(true);
  });

  it("starts the window again only at a press that counted", () => {
    const guard = createSubmitGuard(1000);
    expect(guard.press("form", 0)).toBe(true);
    expect(guard.press("form", 900)).toBe(false);
    expect(guard.press("form", 1000)).toBe(true);
    expect(guard.press("form", 1999)).toBe(false);
  });

  it("keeps the page's buttons and the form's apart: opening a form and submitting it at once both count", () => {
    const guard = createSubmitGuard(1000);
    expect(guard.press("page", 0)).toBe(true);
    expect(guard.press("form", 200)).toBe(true);
    expect(guard.press("page", 400)).toBe(false);
    expect(guard.press("form", 600)).toBe(false);
  });

  it("lets no press count while a request is in flight, and lets one through once it answered", () => {
    const guard = createSubmitGuard(1000);
    expect(guard.press("form", 0)).toBe(true);
    expect(guard.begin()).toBe(true);
    expect(guard.inFlight).toBe(true);
    expect(guard.press("form", 5000)).toBe(false);
    expect(guard.press("page", 5000)).toBe(false);
    expect(guard.begin()).toBe(false);
    guard.end();
    expect(guard.inFlight).toBe(false);
    expect(guard.press("form", 5000)).toBe(true);
    expect(guard.begin()).toBe(true);
  });

  it("counts the very first press, whatever the clock says", () => {
    expect(createSubmitGuard().press("page", 0)).toBe(true);
  });
});
