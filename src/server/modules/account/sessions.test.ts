import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, type DevicesResponse } from "#shared/schemas/account.ts";
import { sessions } from "#server/db/schema/index.ts";
import { cookieFrom, createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createUser, type TestUser } from "#tests/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const FIREFOX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";

/** A second signed-in device of `w`, with its own user agent. */
async function signInOn(w: TestUser, userAgent: string): Promise<string> {
  const res = await t.request("/api/auth/sign-in/email", { json: { email: w.email, password: w.password }, headers: { "user-agent": userAgent } });
  expect(res.status).toBe(200);
  return cookieFrom(res);
}
const devices = (cookie: string | null) => t.json<DevicesResponse & { message?: string }>("/api/me/sessions", { cookie });
const signOut = (cookie: string | null, id: string) => t.json<{ signedOut?: number; message?: string }>(`/api/me/sessions/${id}`, { cookie, method: "DELETE" });
const signOutOthers = (cookie: string | null) => t.json<{ signedOut?: number }>("/api/me/sessions/sign-out-others", { cookie, method: "POST" });
const signedIn = async (cookie: string) => (await t.json<{ user: unknown }>("/api/me", { cookie })).body.user !== null;
const sessionCount = async (userId: string) => (await t.deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;

describe("GET /api/me/sessions", () => {
  it("lists the writer's devices in plain words, this one marked, without token or address", async () => {
    const writer = await createUser(t);
    await signInOn(writer, FIREFOX);
    await signInOn(writer, IPHONE);
    const res = await devices(writer.cookie);
    expect(res.status).toBe(200);
    expect(res.body.devices).toHaveLength(3);
    expect(res.body.devices[0]).toMatchObject({ current: true });
    expect(res.body.devices.filter((d) => d.current)).toHaveLength(1);
    expect(res.body.devices.map((d) => d.device).sort()).toEqual(["Firefox on Linux", "Safari on iPhone", "Unknown device"]);
    const raw = JSON.stringify(res.body);
    const rows = await t.deps.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, writer.id));
    for (const r of rows) expect(raw).not.toContain(r.token);
    expect(Object.keys(res.body.devices[0]!).sort()).toEqual(["current", "device", "id", "lastActiveAt", "signedInAt"]);
  });

  it("answers 401 to a visitor; another writer and an admin see only their own devices", async () => {
    expect((await devices(null)).status).toBe(401);
    const writer = await createUser(t);
    await signInOn(writer, FIREFOX);
    for (const caller of [await createUser(t), await createUser(t, { admin: true })]) {
      const res = await devices(caller.cookie);
      expect(res.body.devices).toHaveLength(1);
      expect(res.body.devices[0]).toMatchObject({ current: true });
    }
  });
});

describe("signing devices out", () => {
  it("signs one other device out; the others and this one stay", async () => {
    const writer = await createUser(t);
    const firefox = await signInOn(writer, FIREFOX);
    const iphone = await signInOn(writer, IPHONE);
    const target = (await devices(writer.cookie)).body.devices.find((d) => d.device === "Firefox on Linux")!;
    const res = await signOut(writer.cookie, target.id);
    expect(res).toMatchObject({ status: 200, body: { signedOut: 1 } });
    expect(await signedIn(firefox)).toBe(false);
    expect(await signedIn(iphone)).toBe(true);
    expect(await signedIn(writer.cookie)).toBe(true);
    expect((await signOut(writer.cookie, target.id)).status).toBe(404);
  });

  it("refuses to sign this device out by id (the menu's sign-out does that)", async () => {
    const writer = await createUser(t);
    const here = (await devices(writer.cookie)).body.devices.find((d) => d.current)!;
    const res = await signOut(writer.cookie, here.id);
    expect(res).toMatchObject({ status: 422, body: { message: ACCOUNT_MESSAGES.thisSession } });
    expect(await signedIn(writer.cookie)).toBe(true);
  });

  it("signs every other device out, and only this writer's", async () => {
    const writer = await createUser(t);
    const other = await createUser(t);
    const firefox = await signInOn(writer, FIREFOX);
    const iphone = await signInOn(writer, IPHONE);
    const res = await signOutOthers(writer.cookie);
    expect(res).toMatchObject({ status: 200, body: { signedOut: 2 } });
    expect(await signedIn(firefox)).toBe(false);
    expect(await signedIn(iphone)).toBe(false);
    expect(await signedIn(writer.cookie)).toBe(true);
    expect(await signedIn(other.cookie)).toBe(true);
    expect((await devices(writer.cookie)).body.devices).toHaveLength(1);
  });

  it("another writer's session id is not found and nothing changes — for a writer and for an admin", async () => {
    const victim = await createUser(t);
    const victimPhone = await signInOn(victim, IPHONE);
    const ids = (await devices(victim.cookie)).body.devices.map((d) => d.id);
    const before = await sessionCount(victim.id);
    const writer = await createUser(t);
    const admin = await createUser(t, { admin: true });
    for (const caller of [writer, admin]) {
      for (const id of ids) {
        const res = await signOut(caller.cookie, id);
        expect(res).toMatchObject({ status: 404, body: { message: ACCOUNT_MESSAGES.sessionNotFound } });
      }
      expect((await signOutOthers(caller.cookie)).body.signedOut).toBe(0);
    }
    expect(await sessionCount(victim.id)).toBe(before);
    expect(await signedIn(victimPhone)).toBe(true);
    expect(await signedIn(victim.cookie)).toBe(true);
  });

  it("answers 401 to a visitor, and 404 to an id that is not one", async () => {
    const writer = await createUser(t);
    const id = (await devices(writer.cookie)).body.devices[0]!.id;
    expect((await signOut(null, id)).status).toBe(401);
    expect((await signOutOthers(null)).status).toBe(401);
    expect((await signOut(writer.cookie, "not-a-session")).status).toBe(404);
    expect(await signedIn(writer.cookie)).toBe(true);
  });
});
