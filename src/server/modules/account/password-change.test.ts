import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "#shared/schemas/account.ts";
import { cookieFrom, createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createUser } from "#tests/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const changePassword = (cookie: string | null, json: Record<string, unknown>) => t.request("/api/me/password", { cookie, json });
const signIn = (email: string, password: string) => t.request("/api/auth/sign-in/email", { json: { email, password } });
const me = async (cookie: string) => (await t.json<{ user: { id: string } | null }>("/api/me", { cookie })).body.user;
const sessionsStatus = async (cookie: string) => (await t.request("/api/me/sessions", { cookie })).status;

describe("POST /api/me/password", () => {
  it("changes the password, keeps this device signed in and signs every other one out", async () => {
    const writer = await createUser(t);
    const laptop = cookieFrom(await signIn(writer.email, writer.password));
    expect(await sessionsStatus(laptop)).toBe(200);

    const res = await changePassword(writer.cookie, { currentPassword: writer.password, newPassword: "a new and quiet room" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ changed: true });
    // better-auth made this device a new session: its cookie replaces the old one.
    const here = cookieFrom(res);
    expect((await me(here))?.id).toBe(writer.id);
    expect(await me(laptop)).toBeNull();
    expect(await sessionsStatus(laptop)).toBe(401);

    expect((await signIn(writer.email, writer.password)).status).toBe(401);
    expect((await signIn(writer.email, "a new and quiet room")).status).toBe(200);
  });

  it("refuses a wrong current password with a clear message (422) and changes nothing", async () => {
    const writer = await createUser(t);
    const laptop = cookieFrom(await signIn(writer.email, writer.password));
    const res = await changePassword(writer.cookie, { currentPassword: "not my password at all", newPassword: "a new and quiet room" });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: "wrong_password", message: ACCOUNT_MESSAGES.wrongCurrentPassword });
    expect(await me(laptop)).not.toBeNull();
    expect((await signIn(writer.email, writer.password)).status).toBe(200);
    expect((await signIn(writer.email, "a new and quiet room")).status).toBe(401);
  });

  it("holds the new password to the sign-up rules, in the spec's words", async () => {
    const writer = await createUser(t);
    const short = await changePassword(writer.cookie, { currentPassword: writer.password, newPassword: "short" });
    expect(short.status).toBe(422);
    expect(await short.json()).toMatchObject({ code: "weak_password", message: "Password must be at least 8 characters" });
    const long = await changePassword(writer.cookie, { currentPassword: writer.password, newPassword: "x".repeat(60) + "y".repeat(69) });
    expect(await long.json()).toMatchObject({ code: "weak_password", message: "Password must be at most 128 characters" });
    const common = await changePassword(writer.cookie, { currentPassword: writer.password, newPassword: "password123" });
    expect(await common.json()).toMatchObject({ code: "weak_password", message: "It is one of the most common passwords" });
    const missing = await changePassword(writer.cookie, { newPassword: "a new and quiet room" });
    expect(await missing.json()).toMatchObject({ message: ACCOUNT_MESSAGES.currentPasswordRequired });
    expect((await signIn(writer.email, writer.password)).status).toBe(200);
  });

  it("answers 401 to a visitor", async () => {
    const res = await changePassword(null, { currentPassword: "a quiet room to write", newPassword: "a new and quiet room" });
    expect(res.status).toBe(401);
  });

  it("another writer or an admin knowing a writer's password still changes nothing of hers", async () => {
    const writer = await createUser(t, { password: "her own quiet room" });
    const laptop = cookieFrom(await signIn(writer.email, writer.password));
    for (const caller of [await createUser(t), await createUser(t, { admin: true })]) {
      const res = await changePassword(caller.cookie, { currentPassword: writer.password, newPassword: "a new and quiet room" });
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ code: "wrong_password" });
    }
    expect((await me(writer.cookie))?.id).toBe(writer.id);
    expect((await me(laptop))?.id).toBe(writer.id);
    expect((await signIn(writer.email, writer.password)).status).toBe(200);
  });

  it("stops a guesser after a few wrong tries (429 with the wait)", async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_SCALE: "1" });
    try {
      const writer = await createUser(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await limited.request("/api/me/password", { cookie: writer.cookie, json: { currentPassword: `wrong guess ${i}`, newPassword: "a new and quiet room" } })).status);
      }
      expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    } finally {
      await limited.close();
    }
  });
});
