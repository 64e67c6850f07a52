import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { SIGN_UP_BURST, SIGN_UP_DAILY } from "../modules/auth/sign-up-limits.ts";

/*
 * Behind a reverse proxy (TRUST_PROXY), a client is the address our proxy appended to
 * X-Forwarded-For — the last entry. The entries before it are the client's own words.
 * Sign-up limits at a tenth of their size (AUTH_RATE_LIMIT_SCALE 0.1).
 */
const SCALE = 0.1;
const burst = Math.round(SIGN_UP_BURST.max * SCALE);
const daily = Math.round(SIGN_UP_DAILY.max * SCALE);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_SCALE: String(SCALE), TRUST_PROXY: "true" });
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const signUp = (forwardedFor: string) =>
  t.request("/api/auth/sign-up/email", {
    json: { name: `Script ${++n}`, email: `script-${n}@ip.example`, password: "a quiet room to write", timeZone: "UTC" },
    headers: { "x-forwarded-for": forwardedFor },
  });

describe("the client address behind a proxy", () => {
  it("counts the address the proxy appended, whatever the client put before it", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= burst; i++) statuses.push((await signUp(`10.9.${i}.1, 203.0.113.9`)).status);
    expect(statuses).toEqual([...Array(burst).fill(200), 429]);
    t.deps.testClock!.reset();
  });

  it("tells the operator once when an address meets the daily sign-up cap", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const statuses: number[] = [];
      for (let i = 0; i < daily + 2; i++) {
        if (i > 0 && i % burst === 0) t.deps.testClock!.advance(SIGN_UP_BURST.windowMs);
        statuses.push((await signUp("198.51.100.200")).status);
      }
      expect(statuses.slice(0, daily)).toEqual(Array(daily).fill(200));
      expect(statuses.slice(daily)).toEqual([429, 429]);
      const alerts = warn.mock.calls.map((call) => String(call[0])).filter((line) => line.includes("sign-up daily cap"));
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toContain("TRUST_PROXY");
    } finally {
      warn.mockRestore();
      t.deps.testClock!.reset();
    }
  });
});
