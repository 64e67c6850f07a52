import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { addDays } from "#shared/domain/dates.ts";
import type { NotificationPrefs } from "#shared/schemas/notification-prefs.ts";
import { users } from "#server/db/schema/index.ts";
import { runScheduledNow } from "#server/jobs/registry.ts";
import { createTestApp, readMails, type TestApp } from "#tests/setup/app.ts";
import { createPrompt, createUser, type TestUser } from "#tests/factories.ts";
import { readPrefsRow, writePrefs } from "../mail-prefs/prefs.service.ts";

/* The daily reminder (issue 14 item 5): at the writer's hour in their zone, not after writing, and the 14-day question. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
/** A writer in `timeZone` with the reminder on at `hour`, who last wrote on `lastWrote`. */
async function reminded(timeZone: string, hour: number, lastWrote: string | null): Promise<TestUser> {
  const u = await createUser(t, { confirmed: true, timeZone, email: `reminded-${++seq}-${Date.now()}@example.com` });
  await writePrefs(t.deps.db, u.id, { reminderEnabled: true, reminderHour: hour });
  await t.deps.db.update(users).set({ lastWriteDate: lastWrote }).where(eq(users.id, u.id));
  return u;
}

/** Runs the minute tick at `iso` and returns the mails to `u` sent by it. */
const REMINDER_SUBJECT = /^(Today's prompt|Ten minutes for today's prompt|Shall we keep sending)/;

async function tickAt(iso: string, u: TestUser) {
  const before = (await readMails(t)).length;
  t.deps.testClock!.set(new Date(iso));
  await runScheduledNow(t.deps);
  // The reminders only: a tick on the 1st also sends the monthly collection (or its nudge).
  return (await readMails(t)).slice(before).filter((m) => m.to.includes(u.email) && REMINDER_SUBJECT.test(m.subject));
}
const prefsOf = async (u: TestUser) => (await t.json<{ prefs: NotificationPrefs }>("/api/me/notification-prefs", { cookie: u.cookie })).body.prefs;

describe("daily reminder", () => {
  it("comes at the writer's hour in their own zone, with today's prompt and a link to /write", async () => {
    // Markup as admins write it: the email reads it as the site shows it, on one line.
    await createPrompt(t, { date: "2026-12-01", text: "**LARGE:Lighthouse**\nThe lighthouse keeper's last night" });
    // New York is UTC-5 in December: 19:00 there is 00:00 UTC the next day.
    const ny = await reminded("America/New_York", 19, "2026-11-20");
    const utc = await reminded("UTC", 19, "2026-11-20");
    expect(await tickAt("2026-12-01T23:30:00Z", ny)).toEqual([]);
    const [mail] = await tickAt("2026-12-02T00:10:00Z", ny);
    expect(mail?.subject).toBe("Today's prompt: Lighthouse — The lighthouse keeper's last night");
    expect(mail?.text).toContain("The lighthouse keeper's last night");
    expect(mail?.text).toContain("http://localhost:3000/write");
    expect(mail?.text).not.toMatch(/keep-reminding/);
    // Once a day, however many ticks run in the hour.
    expect(await tickAt("2026-12-02T00:40:00Z", ny)).toEqual([]);
    // The UTC writer's 19:00 was not this hour.
    expect(await tickAt("2026-12-02T00:50:00Z", utc)).toEqual([]);
  });

  it("is not sent to a writer who already wrote today, nor to one who turned it off", async () => {
    const wrote = await reminded("Europe/Berlin", 8, "2026-12-03");
    expect(await tickAt("2026-12-03T07:05:00Z", wrote)).toEqual([]);
    const off = await reminded("Europe/Berlin", 8, "2026-12-01");
    await writePrefs(t.deps.db, off.id, { reminderEnabled: false });
    expect(await tickAt("2026-12-03T07:20:00Z", off)).toEqual([]);
    // The next day, not having written yet, the first one hears from us.
    expect(await tickAt("2026-12-04T07:05:00Z", wrote)).toHaveLength(1);
  });

  it("after 14 days without writing asks once, then stops if nobody answers", async () => {
    const u = await reminded("UTC", 6, "2026-12-01");
    // 2026-12-15: 13 whole days without writing — still the plain reminder.
    expect((await tickAt("2026-12-15T06:05:00Z", u))[0]?.subject).toMatch(/^Today's prompt/);
    const [asking] = await tickAt("2026-12-16T06:05:00Z", u);
    expect(asking?.subject).toBe("Shall we keep sending your daily reminder?");
    expect(asking?.text).toMatch(/http:\/\/localhost:3000\/keep-reminding\?token=\S+/);
    expect((await readPrefsRow(t.deps.db, u.id)).reminderAskedOn).toBe("2026-12-16");
    // No answer, no piece: the next reminder is not sent and the reminder is off.
    expect(await tickAt("2026-12-17T06:05:00Z", u)).toEqual([]);
    expect(await prefsOf(u)).toMatchObject({ reminder: false });
    expect(await tickAt("2026-12-18T06:05:00Z", u)).toEqual([]);
  });

  it("keeps coming when the writer says yes, and asks again only after 14 more silent days", async () => {
    const u = await reminded("Asia/Tokyo", 21, "2026-12-01");
    // Tokyo is UTC+9: 21:00 there is 12:00 UTC.
    const [asking] = await tickAt("2026-12-16T12:05:00Z", u);
    const keep = asking!.text.match(/http:\/\/localhost:3000(\/keep-reminding\?token=(\S+))/)!;
    const kept = await t.json<{ on: boolean }>(`/api/mail/keep-reminding?token=${keep[2]}`, { method: "POST" });
    expect(kept.body.on).toBe(true);
    expect((await tickAt("2026-12-17T12:05:00Z", u))[0]?.subject).toMatch(/^Today's prompt/);
    expect((await readPrefsRow(t.deps.db, u.id)).reminderAskedOn).toBeNull();
    // Counted from the day it asked.
    expect((await tickAt(`${addDays("2026-12-16", 14)}T12:05:00Z`, u))[0]?.subject).toMatch(/^Today's prompt/);
    expect((await tickAt(`${addDays("2026-12-16", 15)}T12:05:00Z`, u))[0]?.subject).toBe("Shall we keep sending your daily reminder?");
  });

  it("writing again answers the question", async () => {
    const u = await reminded("UTC", 10, "2026-12-01");
    expect((await tickAt("2026-12-16T10:05:00Z", u))[0]?.subject).toBe("Shall we keep sending your daily reminder?");
    await t.deps.db.update(users).set({ lastWriteDate: "2026-12-16" }).where(eq(users.id, u.id));
    expect((await tickAt("2026-12-17T10:05:00Z", u))[0]?.subject).toMatch(/^Today's prompt/);
    expect(await readPrefsRow(t.deps.db, u.id)).toMatchObject({ reminderEnabled: true, reminderAskedOn: null });
  });
});
