import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#shared/errors.ts";
import { cookieFrom, createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createUser } from "#tests/factories.ts";

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
