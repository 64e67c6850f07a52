import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "#shared/errors.ts";
import { cookieFrom, createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createUser } from "#tests/factories.ts";
import { delayAfter, MAX_DELAY_S } from "./sign-in-guard.ts";

let t: TestApp;
beforeAll(async () => void (t = await createTestApp()));
afterAll(async () => t?.close());

describe("the session token stays in its HttpOnly cookie", () => {
  it("is in no JSON body: sign-up, sign-in or get-session", async () => {
    const email = `token-${Date.now()}@example.com`;
    const signUp = await t.request("/api/auth/sign-up/email", { json: { name: "Token Writer", email, password: "a quiet room to write", alias: null, timeZone: "UTC" } });
    expect(signUp.status).toBe(200);
    const cookie = cookieFrom(signUp);
    const token = decodeURIComponent(/inkwell[^=]*session_token=([^;]+)/.exec(cookie)?.[1] ?? "").split(".")[0]!;
    expect(token.length).toBeGreaterThan(10);
    const signIn = await t.request("/api/auth/sign-in/email", { json: { email, password: "a quiet room to write" } });
    const session = await t.request("/api/auth/get-session", { cookie });
    for (const res of [signUp, signIn, session]) {
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain(token);
      expect(JSON.parse(text)).not.toHaveProperty("token");
    }
    // The cookie still works.
    expect((await t.json<{ user: { email: string } }>("/api/me", { cookie })).body.user.email).toBe(email);
    expect(cookieFrom(signIn)).toMatch(/session_token=/);
  });
});

describe("email addresses", () => {
  it("refuses one over 254 characters, or with a local part over 64, with the spec's message", async () => {
    const tooLong = `${"a".repeat(60)}@${"b".repeat(190)}.example.com`;
    const longLocal = `${"a".repeat(65)}@example.com`;
    for (const email of [tooLong, longLocal]) {
      const signUp = await t.json<{ message: string }>("/api/auth/sign-up/email", { json: { name: "Long", email, password: "a quiet room to write" } });
      expect(signUp).toEqual({ status: 422, body: expect.objectContaining({ message: MESSAGES.invalidEmail }) });
      const forgot = await t.json<{ message: string }>("/api/auth/request-password-reset", { json: { email } });
      expect(forgot.status).toBe(422);
    }
    const fine = `${"a".repeat(64)}@example.com`;
    expect((await createUser(t, { email: fine })).email).toBe(fine);
  });
});

describe("guessing one account's password", () => {
  const signIn = (email: string, password: string) => t.request("/api/auth/sign-in/email", { json: { email, password } });

  it("slows guesses down after five wrong passwords, even the right one, and a success clears the count", async () => {
    const u = await createUser(t);
    for (let i = 0; i < 5; i++) expect((await signIn(u.email, "not it")).status).toBe(401);
    const waiting = await signIn(u.email, u.password);
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get("retry-after")).toBe("2");
    expect(await waiting.json()).toEqual({ code: "rate_limited", message: "Too many attempts. Please wait 2 seconds and try again." });
    t.deps.testClock!.advance(2_000);
    expect((await signIn(u.email, u.password)).status).toBe(200);
    expect((await signIn(u.email, "not it")).status).toBe(401);
    t.deps.testClock!.reset();
  });

  it("never makes the owner wait more than a minute, however many guesses a stranger makes", async () => {
    expect(Array.from({ length: 20 }, (_, i) => delayAfter(i)).every((d) => d <= MAX_DELAY_S)).toBe(true);
    const u = await createUser(t);
    for (let i = 0; i < 12; i++) {
      const res = await signIn(u.email, "guess");
      if (res.status === 429) t.deps.testClock!.advance(Number(res.headers.get("retry-after")) * 1000);
      expect(Number(res.headers.get("retry-after") ?? 0)).toBeLessThanOrEqual(MAX_DELAY_S);
    }
    t.deps.testClock!.advance(MAX_DELAY_S * 1000);
    expect((await signIn(u.email, u.password)).status).toBe(200);
    t.deps.testClock!.reset();
  });
});

describe("password reset requests", () => {
  it("are answered before the email goes out, so a known address takes no longer than an unknown one", async () => {
    const u = await createUser(t);
    let deliver: () => void = () => undefined;
    const send = vi.spyOn(t.deps.mailer, "send").mockImplementation(() => new Promise<void>((resolve) => (deliver = resolve)));
    try {
      const known = await t.request("/api/auth/request-password-reset", { json: { email: u.email } });
      const unknown = await t.request("/api/auth/request-password-reset", { json: { email: "nobody-here@example.com" } });
      // Both answered while the one email is still on its way.
      expect([known.status, unknown.status]).toEqual([200, 200]);
      expect(await known.json()).toEqual(await unknown.json());
      // The queue hands the one email to the mailer after the answers (never before: it is still
      // held there); waited for, since a loaded machine takes its time to get to it.
      await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1), { timeout: 20_000 });
    } finally {
      deliver();
      send.mockRestore();
    }
  });
});
