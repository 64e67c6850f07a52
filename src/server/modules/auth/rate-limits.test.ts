import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tooManyRequestsMessage } from "#shared/errors.ts";
import { rateLimits, users } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { SIGN_UP_BURST, SIGN_UP_DAILY } from "./sign-up-limits.ts";

/*
 * The limits of the account routes, at their real sizes (AUTH_RATE_LIMIT_SCALE 1), each client
 * address told apart by X-Forwarded-For (TRUST_PROXY). Issue 11, item 16: a class of 25 signing
 * up from one school network all get in; a script on one address is stopped well before
 * hundreds of accounts; every refusal says the real wait, the same number as Retry-After.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_SCALE: "1", TRUST_PROXY: "true" });
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const signUpFrom = (ip: string, domain: string) =>
  t.request("/api/auth/sign-up/email", {
    json: { name: `Student ${++n}`, email: `student-${n}@${domain}`, password: "a quiet room to write", timeZone: "UTC" },
    headers: { "x-forwarded-for": ip },
  });
const accountsAt = async (domain: string) => (await t.deps.db.select({ id: users.id }).from(users).where(like(users.email, `%@${domain}`))).length;

/** The refusal says the wait its Retry-After header gives, in the spec's words around it. */
async function expectRealWait(res: Response, atMostS: number, atLeastS: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(atLeastS);
  expect(retryAfter).toBeLessThanOrEqual(atMostS);
  expect(await res.json()).toEqual({ code: "rate_limited", message: tooManyRequestsMessage(retryAfter) });
  return retryAfter;
}

describe("sign-up limits", () => {
  it("lets a class of 25 on one school network sign up within ten minutes", { timeout: 120_000 }, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      statuses.push((await signUpFrom("198.51.100.25", "class.example")).status);
      t.deps.testClock!.advance(20_000);
    }
    expect(statuses).toEqual(Array(25).fill(200));
    expect(await accountsAt("class.example")).toBe(25);
    t.deps.testClock!.reset();
  });

  it("stops a script on one address at 40 accounts in ten minutes and 80 a day, saying the real wait", { timeout: 180_000 }, async () => {
    const script = async (max: number) => {
      for (let i = 0; i < max; i++) {
        const res = await signUpFrom("203.0.113.66", "script.example");
        if (res.status !== 200) return { made: i, refused: res };
      }
      throw new Error(`not stopped after ${max} sign-ups`);
    };
    const first = await script(200);
    expect(first.made).toBe(SIGN_UP_BURST.max);
    const waitS = await expectRealWait(first.refused, 600, 540);
    expect(tooManyRequestsMessage(waitS)).toBe("Too many attempts. Please wait 10 minutes and try again.");

    // Another address (the class next door) is not affected.
    expect((await signUpFrom("198.51.100.26", "class.example")).status).toBe(200);

    t.deps.testClock!.advance(waitS * 1000);
    const second = await script(200);
    expect(second.made).toBe(SIGN_UP_DAILY.max - SIGN_UP_BURST.max);
    const secondWait = await expectRealWait(second.refused, 600, 540);

    // The daily cap, whose window started with the script's first sign-up: 24 hours from then.
    t.deps.testClock!.advance(secondWait * 1000);
    const elapsedS = waitS + secondWait;
    const dayWait = await expectRealWait(await signUpFrom("203.0.113.66", "script.example"), 86_400 - elapsedS, 86_400 - elapsedS - 120);
    expect(tooManyRequestsMessage(dayWait)).toBe("Too many attempts. Please wait 24 hours and try again.");
    expect(await accountsAt("script.example")).toBe(SIGN_UP_DAILY.max);
    t.deps.testClock!.reset();
  });

  it("keeps a day's counter when better-auth prunes its own expired rows", async () => {
    // better-auth deletes every row of the shared table older than the longest window it knows
    // of, whenever one of its windows restarts: here a sign-in window long over.
    const now = Date.now();
    await t.deps.db.insert(rateLimits).values([
      { key: "203.0.113.77|/sign-in/email", count: 3, lastRequest: now - 5 * 60_000 },
      { key: "app:sign-up-day:ip:203.0.113.78", count: SIGN_UP_DAILY.max, lastRequest: now - 60 * 60_000 },
    ]);
    const signIn = await t.request("/api/auth/sign-in/email", { json: { email: "nobody@example.com", password: "wrong password" }, headers: { "x-forwarded-for": "203.0.113.77" } });
    expect(signIn.status).toBe(401);
    const keys = (await t.deps.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain("app:sign-up-day:ip:203.0.113.78");
  });
});

describe("limits of better-auth's routes", () => {
  it("limits sign-in attempts per client and says the real wait", async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    // A different account each time: this is the per-address limit (the per-account one is in auth-hardening.test.ts).
    for (let i = 0; i < 12; i++) {
      last = await t.request("/api/auth/sign-in/email", { json: { email: `x${i}@example.com`, password: "wrong password" }, headers: { "x-forwarded-for": "192.0.2.12" } });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    await expectRealWait(last!, 60, 1);
    // The counters live in the database, so every app instance on it shares them.
    const rows = await t.deps.db.select().from(rateLimits);
    expect(rows.some((r) => !r.key.startsWith("app:") && r.key.includes("sign-in") && r.count >= 10)).toBe(true);
  });

  it("limits reset requests and says the real wait (minutes, not 'a minute')", async () => {
    const ask = () => t.request("/api/auth/request-password-reset", { json: { email: "someone@example.com" }, headers: { "x-forwarded-for": "192.0.2.13" } });
    for (let i = 0; i < 5; i++) expect((await ask()).status).toBe(200);
    const waitS = await expectRealWait(await ask(), 600, 540);
    expect(tooManyRequestsMessage(waitS)).toBe("Too many attempts. Please wait 10 minutes and try again.");
  });
});
