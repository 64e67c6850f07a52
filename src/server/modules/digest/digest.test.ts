import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "#server/db/schema/index.ts";
import type { NotificationData } from "#shared/domain/notifications.ts";
import { runScheduledNow } from "#server/jobs/registry.ts";
import { createTestApp, readMails, type TestApp } from "#tests/setup/app.ts";
import { createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import { writePrefs } from "../mail-prefs/prefs.service.ts";

/*
 * The digest email on its plans (issue 14 item 6): daily from 09:00, weekly on Monday from 09:00,
 * unread only, since the last digest, none when nothing is unread; each line worded as the bell
 * words it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function digestReader(digest: "daily" | "weekly", timeZone = "UTC"): Promise<TestUser> {
  const u = await createUser(t, { confirmed: true, timeZone });
  await writePrefs(t.deps.db, u.id, { digest });
  return u;
}
/** A notification row as the services write it (notifications/notify.*), stamped at the test clock. */
async function notify(u: TestUser, data: NotificationData, submissionId: string, opts: { read?: boolean; count?: number } = {}) {
  const at = t.deps.clock.now();
  await t.deps.db.insert(notifications).values({ userId: u.id, kind: data.kind, submissionId, data, count: opts.count ?? 1, readAt: opts.read ? at : null, createdAt: at, updatedAt: at });
}
async function tickAt(iso: string, u: TestUser) {
  const before = (await readMails(t)).length;
  t.deps.testClock!.set(new Date(iso));
  await runScheduledNow(t.deps);
  return (await readMails(t)).slice(before).filter((m) => m.to.includes(u.email));
}

describe("notification digest", () => {
  it("comes daily from 09:00 local time with the unread notifications since the last one, and not at all without any", async () => {
    // Stamped on the test's own calendar, not the real one: at real time, they would come after
    // the pick below (stamped 2026-12-03 12:00) once that day had passed, and the pick would count
    // as already listed.
    t.deps.testClock!.set(new Date("2026-12-01T12:00:00Z"));
    const u = await digestReader("daily", "Europe/Lisbon");
    const piece = await createSubmission(t, u, { title: "Harbour" });
    const seen = await createSubmission(t, u, { title: "Already seen" });
    await notify(u, { kind: "likes" }, piece.id, { count: 5 });
    await notify(u, { kind: "comment", by: "Nightjar" }, piece.id);
    await notify(u, { kind: "comment", by: "Someone" }, seen.id, { read: true });
    expect(await tickAt("2026-12-02T08:30:00Z", u)).toEqual([]);
    const [mail] = await tickAt("2026-12-02T09:05:00Z", u);
    expect(mail?.subject).toBe("2 unread notifications on inkwell");
    expect(mail?.text).toContain("5 people liked 'Harbour'");
    expect(mail?.text).toContain("Nightjar commented on 'Harbour'");
    expect(mail?.text).not.toContain("Already seen");
    expect(await tickAt("2026-12-02T10:05:00Z", u)).toEqual([]);
    // The next day: nothing new since the last digest, so no email.
    expect(await tickAt("2026-12-03T09:05:00Z", u)).toEqual([]);
    t.deps.testClock!.set(new Date("2026-12-03T12:00:00Z"));
    await notify(u, { kind: "pick" }, piece.id);
    const [next] = await tickAt("2026-12-04T09:05:00Z", u);
    expect(next?.subject).toBe("1 unread notification on inkwell");
    expect(next?.text).toContain("'Harbour' was featured as an Editors' Pick");
  });

  it("lists next time a notification that came while the last digest waited to be delivered", async () => {
    const u = await digestReader("daily");
    const piece = await createSubmission(t, u, { title: "Quay" });
    // Stamped a minute ago (real time), as the sent-mail ledger is.
    t.deps.testClock!.set(new Date(Date.now() - 60_000));
    await notify(u, { kind: "comment", by: "Heron" }, piece.id);
    const [first] = await tickAt("2026-12-20T09:05:00Z", u);
    expect(first?.text).toContain("Heron commented on 'Quay'");
    // Stamped after what the first digest listed, but before that digest was recorded as sent: as
    // when a delivery waits for a retry. Counting from the delivery would have hidden it for good.
    t.deps.testClock!.set(new Date(Date.now() - 30_000));
    await notify(u, { kind: "comment", by: "Curlew" }, piece.id);
    const [second] = await tickAt("2026-12-21T09:05:00Z", u);
    expect(second?.text).toContain("Curlew commented on 'Quay'");
    expect(second?.text).not.toContain("Heron");
  });

  it("comes weekly on Monday from 09:00, and never to a writer whose digest is off", async () => {
    const weekly = await digestReader("weekly", "America/Chicago");
    const off = await createUser(t, { confirmed: true });
    t.deps.testClock!.set(new Date("2026-12-08T12:00:00Z"));
    await notify(weekly, { kind: "likes" }, (await createSubmission(t, weekly, { title: "Salt" })).id);
    await notify(off, { kind: "likes" }, (await createSubmission(t, off, { title: "Pepper" })).id);
    // 2026-12-08 is a Tuesday; Chicago is UTC-6.
    expect(await tickAt("2026-12-08T15:05:00Z", weekly)).toEqual([]);
    const [mail] = await tickAt("2026-12-14T15:05:00Z", weekly);
    expect(mail?.text).toContain("1 person liked 'Salt'");
    expect(await tickAt("2026-12-14T15:10:00Z", off)).toEqual([]);
    expect((await readMails(t)).filter((m) => m.to.includes(off.email) && /unread/.test(m.subject))).toEqual([]);
  });
});
