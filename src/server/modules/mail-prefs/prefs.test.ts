import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PREFS_MESSAGES, type NotificationPrefs } from "#shared/schemas/notification-prefs.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createSubmission, createUser, getUserRow, type TestUser } from "#tests/factories.ts";
import { TIME_ZONE_TOO_SOON } from "./prefs.service.ts";

/* GET/PUT /api/me/notification-prefs (issue 14 item 7): who may, defaults, and bad input. */

let t: TestApp;
let writer: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [writer, other, admin] = await Promise.all([createUser(t, { timeZone: "Europe/Paris" }), createUser(t), createUser(t, { admin: true })]);
});
afterAll(async () => {
  await t?.close();
});

type PrefsBody = { prefs: NotificationPrefs; message?: string; code?: string };
const PATH = "/api/me/notification-prefs";
const get = (cookie?: string) => t.json<PrefsBody>(PATH, { cookie: cookie ?? null });
const put = (cookie: string | undefined, json: unknown) => t.json<PrefsBody>(PATH, { method: "PUT", json, cookie: cookie ?? null });

describe("notification preferences", () => {
  it("asks a visitor to sign in, to read and to change", async () => {
    for (const res of [await get(), await put(undefined, { weekly: false })]) {
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(PREFS_MESSAGES.loginRequired);
    }
  });

  it("gives a writer with no choices the defaults, in their own time zone", async () => {
    const res = await get(writer.cookie);
    expect(res.status).toBe(200);
    expect(res.body.prefs).toEqual({ weekly: true, monthly: true, reminder: false, reminderHour: 19, digest: "off", writeInEmail: false, timeZone: "Europe/Paris", offerReminder: false });
  });

  it("saves a writer's own choices only: another writer's and an admin's stay theirs", async () => {
    const saved = await put(writer.cookie, { weekly: false, reminder: true, reminderHour: 7, digest: "weekly" });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(PREFS_MESSAGES.saved);
    expect(saved.body.prefs).toMatchObject({ weekly: false, monthly: true, reminder: true, reminderHour: 7, digest: "weekly" });
    expect((await get(writer.cookie)).body.prefs).toMatchObject({ weekly: false, reminder: true, reminderHour: 7, digest: "weekly" });
    // The body names no writer: nothing lets one writer (or an admin) change another's.
    for (const u of [other, admin]) expect((await get(u.cookie)).body.prefs).toMatchObject({ weekly: true, reminder: false, digest: "off" });
    expect((await put(other.cookie, { userId: writer.id, weekly: true })).status).toBe(422);
    expect((await get(writer.cookie)).body.prefs.weekly).toBe(false);
  });

  it("keeps the write-in email off until a writer turns it on, for that writer only", async () => {
    const [u, someone] = await Promise.all([createUser(t), createUser(t)]);
    expect((await put(undefined, { writeInEmail: true })).status).toBe(401);
    const on = await put(u.cookie, { writeInEmail: true });
    expect(on.status).toBe(200);
    expect(on.body.prefs).toMatchObject({ writeInEmail: true, weekly: true, reminder: false });
    expect((await get(u.cookie)).body.prefs.writeInEmail).toBe(true);
    // Another writer's save is theirs alone, and names nobody else.
    expect((await put(someone.cookie, { writeInEmail: false })).status).toBe(200);
    expect((await put(someone.cookie, { userId: u.id, writeInEmail: false })).status).toBe(422);
    expect((await put(u.cookie, { writeInEmail: "yes" })).status).toBe(422);
    expect((await get(u.cookie)).body.prefs.writeInEmail).toBe(true);
    expect((await put(u.cookie, { writeInEmail: false })).body.prefs.writeInEmail).toBe(false);
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const u = await createUser(t);
    const cases: [unknown, string][] = [
      [{ reminderHour: 24 }, PREFS_MESSAGES.badHour],
      [{ reminderHour: 7.5 }, PREFS_MESSAGES.badHour],
      [{ reminderHour: "7" }, PREFS_MESSAGES.badHour],
      [{ digest: "hourly" }, PREFS_MESSAGES.badDigest],
      [{ timeZone: "Mars/Olympus_Mons" }, PREFS_MESSAGES.badTimeZone],
    ];
    for (const [json, message] of cases) {
      const res = await put(u.cookie, { weekly: false, ...(json as object) });
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(res.body.message).toBe(message);
    }
    expect((await get(u.cookie)).body.prefs).toMatchObject({ weekly: true, reminderHour: 19, digest: "off", timeZone: "UTC" });
  });

  it("changes the time zone as the browser's would: once a day, counted from sign-up", async () => {
    const u = await createUser(t, { timeZone: "UTC" });
    const soon = await put(u.cookie, { timeZone: "Asia/Tokyo", monthly: false });
    expect(soon.status).toBe(422);
    expect(soon.body.message).toBe(TIME_ZONE_TOO_SOON);
    expect((await get(u.cookie)).body.prefs).toMatchObject({ timeZone: "UTC", monthly: true });

    t.deps.testClock!.advance(25 * 3600_000);
    const later = await put(u.cookie, { timeZone: "Asia/Tokyo" });
    expect(later.status).toBe(200);
    expect(later.body.prefs.timeZone).toBe("Asia/Tokyo");
    expect((await getUserRow(t, u.id)).timeZone).toBe("Asia/Tokyo");
  });

  it("offers the reminder once, after the first piece, until it is answered", async () => {
    const u = await createUser(t);
    expect((await get(u.cookie)).body.prefs.offerReminder).toBe(false);
    await createSubmission(t, u);
    expect((await get(u.cookie)).body.prefs.offerReminder).toBe(true);
    const answered = await put(u.cookie, { reminderOffered: true });
    expect(answered.body.prefs).toMatchObject({ offerReminder: false, reminder: false });
    expect((await put(u.cookie, { reminderOffered: false })).status).toBe(422);
  });
});
