import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { NotificationPrefs } from "#shared/schemas/notification-prefs.ts";
import type { NotificationList } from "#shared/schemas/notifications.ts";
import type { ScheduledWriteIn } from "#shared/schemas/write-ins.ts";
import { sentEmails, users } from "#server/db/schema/index.ts";
import { runScheduledNow } from "#server/jobs/registry.ts";
import { readMails } from "#tests/setup/app.ts";
import { createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import { queueWriteInMails, sendWriteInReminder, writeInMailKey } from "./reminder-mail.job.ts";
import { remindWriteIns } from "./reminders.service.ts";
import { call, circleWithRoles, confirmedWriter, MINUTE, setClock, t, useWriteInsApp, type Caller } from "./test-helpers.ts";

/*
 * The email 10 minutes before a write-in (issue 30 item 1): to those coming who asked for it, once,
 * with the write-in's title, its start in the writer's own zone, the way in and an .ics; never a
 * writer's text; not to a writer who did not ask, muted the circle, is suspended or unconfirmed.
 */

useWriteInsApp();

/** A fixed Wednesday: 18:00 UTC is 1:00 PM in New York and 7:00 PM in Paris. */
const START = Date.parse("2026-12-02T18:00:00Z");
/** Scheduling happens the day before; the tick runs 10 minutes before the start. */
const DAY_BEFORE = START - 24 * 60 * MINUTE;
const SUBJECT = /starts at/;

const optIn = (who: TestUser, on = true) => call<{ prefs: NotificationPrefs }>(who, "PUT", "/api/me/notification-prefs", { writeInEmail: on });
const rsvp = async (who: Caller, id: string) => expect((await call(who, "PUT", `/api/write-ins/${id}/rsvp`)).status).toBe(200);

let seq = 0;
/** A confirmed writer in `timeZone`, coming to nothing yet, with the write-in email on unless told. */
async function writer(timeZone = "UTC", on = true): Promise<TestUser> {
  const u = await createUser(t, { confirmed: true, timeZone, name: `Mail Writer ${++seq}` });
  if (on) expect((await optIn(u)).status).toBe(200);
  return u;
}

/** A write-in at `startsAt` (a community one unless `circle`), scheduled the day before. */
async function scheduleAt(by: Caller, startsAt: number, extra: Record<string, unknown> = {}): Promise<string> {
  setClock(Math.min(DAY_BEFORE, startsAt - 24 * 60 * MINUTE));
  const res = await call<ScheduledWriteIn>(by, "POST", "/api/write-ins", { title: "Dawn pages", startsAt: new Date(startsAt).toISOString(), lengthMinutes: 20, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.writeIn.id;
}

/** Runs the minute tick at `ms` and every job it caused; the write-in mails to `who` since `before`. */
async function tickAt(ms: number) {
  setClock(ms);
  await runScheduledNow(t.deps);
}
const mailsTo = async (who: TestUser) => (await readMails(t)).filter((m) => m.to.includes(who.email) && SUBJECT.test(m.subject));

describe("the write-in email", () => {
  it("comes once, 10 minutes before, to a writer coming who asked: the title, the start in their zone, the way in", async () => {
    const admin = await confirmedWriter("Mail Admin", { admin: true });
    const id = await scheduleAt(admin, START, { title: "Dawn pages" });
    const [ny, paris, notAsked, notComing] = await Promise.all([writer("America/New_York"), writer("Europe/Paris"), writer("UTC", false), writer()]);
    for (const who of [ny, paris, notAsked]) await rsvp(who, id);
    // Their own writing, published: none of it is in anyone's email.
    await createSubmission(t, ny, { content: "The harbour light came on at four, and nobody saw it." });
    await createSubmission(t, paris, { content: "Salt on the window, salt on the tongue." });

    await tickAt(START - 11 * MINUTE);
    expect(await mailsTo(ny)).toEqual([]);
    await tickAt(START - 10 * MINUTE + 1000);
    const [mail, ...more] = await mailsTo(ny);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("'Dawn pages' starts at 1:00 PM");
    // The title is the email's heading (its plain-text part capitalises headings).
    expect(mail?.text).toContain("DAWN PAGES");
    expect(mail?.text).toContain("A write-in for the whole community");
    expect(mail?.text).toContain("Starts December 2, 2026 at 1:00 PM (America/New_York), for 20 minutes.");
    expect(mail?.text).toContain(`http://localhost:3000/write-ins/${id}/write`);
    expect(mail?.text).toContain(`http://localhost:3000/api/write-ins/${id}/calendar.ics`);
    expect(mail?.text).toMatch(/Unsubscribe[\s\S]*http:\/\/localhost:3000\/unsubscribe\?token=write-in\.\S+/);
    expect(mail?.text).toContain("http://localhost:3000/settings/notifications");
    const [inParis] = await mailsTo(paris);
    expect(inParis?.subject).toBe("'Dawn pages' starts at 7:00 PM");
    expect(inParis?.text).toContain("December 2, 2026 at 7:00 PM (Europe/Paris)");
    for (const m of [mail, inParis]) expect(m?.text).not.toMatch(/harbour light|Salt on the window/);

    // Did not ask, or not coming: the bell only (or nothing).
    expect(await mailsTo(notAsked)).toEqual([]);
    expect(await mailsTo(notComing)).toEqual([]);
    // More ticks in the 10 minutes, even two at once (as two instances would): still one each.
    await tickAt(START - 9 * MINUTE);
    await Promise.all([runScheduledNow(t.deps), runScheduledNow(t.deps)]);
    expect(await mailsTo(ny)).toHaveLength(1);
    expect(await mailsTo(paris)).toHaveLength(1);
  });

  it("is sent once when its job is queued again or retried: the key in sent_emails holds", async () => {
    const admin = await confirmedWriter("Retry Admin", { admin: true });
    const start = START + 60 * MINUTE;
    const id = await scheduleAt(admin, start, { title: "Second wind" });
    const ada = await writer();
    await rsvp(ada, id);
    await tickAt(start - 10 * MINUTE);
    expect(await mailsTo(ada)).toHaveLength(1);

    const job = { writeInId: id, userId: ada.id };
    // The job sent again (another instance's statement cannot tell twice, but a queue can be asked twice) and run again by hand, as a retry would.
    await queueWriteInMails(t.deps.jobs, [job]);
    await sendWriteInReminder(t.deps, job);
    await sendWriteInReminder(t.deps, job);
    expect(await mailsTo(ada)).toHaveLength(1);
    const ledger = await t.deps.db.select().from(sentEmails).where(eq(sentEmails.key, writeInMailKey(job)));
    expect(ledger).toMatchObject([{ userId: ada.id, kind: "write-in" }]);
  });

  it("is not lost when queueing it fails: the write-in stays untold, and the next tick queues the email and rings the bell", async () => {
    const admin = await confirmedWriter("Blip Admin", { admin: true });
    const start = START + 120 * MINUTE;
    const id = await scheduleAt(admin, start, { title: "Through the blip" });
    const ada = await writer();
    await rsvp(ada, id);
    const jobs = t.deps.jobs;
    const sendMany = jobs.sendMany.bind(jobs);
    jobs.sendMany = () => Promise.reject(new Error("the database went away"));
    try {
      setClock(start - 10 * MINUTE);
      await expect(remindWriteIns(t.deps, t.deps.clock.now())).rejects.toThrow("the database went away");
    } finally {
      jobs.sendMany = sendMany;
    }
    const bells = async () => (await call<NotificationList>(ada, "GET", "/api/notifications")).body.items.filter((n) => n.kind === "write_in_soon");
    expect(await bells()).toEqual([]);
    await tickAt(start - 9 * MINUTE);
    expect(await mailsTo(ada)).toHaveLength(1);
    expect(await bells()).toHaveLength(1);
  });

  it("goes to a circle's members coming who have not muted it, with the circle's name", async () => {
    const cast = await circleWithRoles();
    for (const who of [cast.member, cast.owner]) expect((await optIn(who)).status).toBe(200);
    const start = START + 2 * 60 * MINUTE;
    const id = await scheduleAt(cast.moderator, start, { circle: cast.circle.slug, title: "Class sprint" });
    for (const who of [cast.member, cast.owner]) await rsvp(who, id);
    expect((await call(cast.owner, "PUT", `/api/circles/${cast.circle.slug}/mute`, { muted: true })).status).toBe(200);

    await tickAt(start - 10 * MINUTE);
    const [mail] = await mailsTo(cast.member);
    expect(mail?.subject).toBe("'Class sprint' starts at 8:00 PM");
    expect(mail?.text).toContain(`A write-in of ${cast.circle.name}`);
    expect(await mailsTo(cast.owner)).toEqual([]);
  });

  it("is not sent to a suspended writer or an unconfirmed address", async () => {
    const admin = await confirmedWriter("Rules Admin", { admin: true });
    const start = START + 3 * 60 * MINUTE;
    const id = await scheduleAt(admin, start, { title: "Quiet hour" });
    const [suspended, fine] = await Promise.all([writer(), writer()]);
    const unconfirmed = await createUser(t, { name: "Unconfirmed Writer" });
    expect((await optIn(unconfirmed)).status).toBe(200);
    for (const who of [suspended, unconfirmed, fine]) await rsvp(who, id);
    await t.deps.db.update(users).set({ suspendedAt: new Date(DAY_BEFORE), suspensionReason: "test" }).where(eq(users.id, suspended.id));

    await tickAt(start - 10 * MINUTE);
    expect(await mailsTo(fine)).toHaveLength(1);
    for (const who of [suspended, unconfirmed]) expect(await mailsTo(who)).toEqual([]);
  });

  it("reads the choice, the answer and the write-in again when its job runs", async () => {
    const admin = await confirmedWriter("Job Admin", { admin: true });
    const start = START + 6 * 60 * MINUTE;
    const id = await scheduleAt(admin, start, { title: "Late change" });
    const canceled = await scheduleAt(admin, start, { title: "Called off" });
    const [turnedOff, leftIt, fine] = await Promise.all([writer(), writer(), writer()]);
    for (const who of [turnedOff, leftIt, fine]) await rsvp(who, id);
    await rsvp(fine, canceled);
    // Between the tick that queued their jobs and the jobs: one turns the email off, one is no longer coming, one write-in is canceled.
    await optIn(turnedOff, false);
    expect((await call(leftIt, "DELETE", `/api/write-ins/${id}/rsvp`)).status).toBe(200);
    expect((await call(admin, "DELETE", `/api/write-ins/${canceled}`)).status).toBe(200);
    setClock(start - 10 * MINUTE);
    for (const [who, writeInId] of [[turnedOff, id], [leftIt, id], [fine, canceled], [fine, id]] as const) await sendWriteInReminder(t.deps, { writeInId, userId: who.id });
    for (const who of [turnedOff, leftIt]) expect(await mailsTo(who)).toEqual([]);
    expect((await mailsTo(fine)).map((m) => m.subject)).toEqual(["'Late change' starts at 12:00 AM"]);
    // Once it has started, a late job sends nothing.
    const lateComer = await writer();
    await rsvp(lateComer, id);
    setClock(start + 1000);
    await sendWriteInReminder(t.deps, { writeInId: id, userId: lateComer.id });
    expect(await mailsTo(lateComer)).toEqual([]);
  });

  it("stops coming from its own unsubscribe link, and the settings show it off", async () => {
    const admin = await confirmedWriter("Unsubscribe Admin", { admin: true });
    const first = START + 4 * 60 * MINUTE;
    const second = START + 5 * 60 * MINUTE;
    const [a, b] = [await scheduleAt(admin, first, { title: "One" }), await scheduleAt(admin, second, { title: "Two" })];
    const ada = await writer();
    for (const id of [a, b]) await rsvp(ada, id);
    await tickAt(first - 10 * MINUTE);
    const [mail] = await mailsTo(ada);
    const token = /\/unsubscribe\?token=(\S+)/.exec(mail?.text ?? "")?.[1];
    expect(token).toBeTruthy();

    const off = await call<{ kind: string; on: boolean; message: string }>(null, "POST", `/api/mail/unsubscribe?token=${token}`);
    expect(off.body).toEqual({ kind: "write-in", on: false, message: "You will no longer get write-in reminders by email." });
    expect((await call<{ prefs: NotificationPrefs }>(ada, "GET", "/api/me/notification-prefs")).body.prefs.writeInEmail).toBe(false);
    await tickAt(second - 10 * MINUTE);
    expect((await mailsTo(ada)).map((m) => m.subject)).toEqual(["'One' starts at 10:00 PM"]);
  });
});
