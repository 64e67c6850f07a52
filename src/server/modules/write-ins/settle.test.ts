import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { NotificationList } from "#shared/schemas/notifications.ts";
import type { PortfolioStats } from "#shared/schemas/portfolio.ts";
import type { WriteInSummary } from "#shared/schemas/write-ins.ts";
import { runScheduledNow } from "#server/jobs/registry.ts";
import { writeInParticipants } from "#server/db/schema/index.ts";
import { onUserSignal } from "#server/realtime/user-signals.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { settleWriteIns } from "./settle.service.ts";
import { call, confirmedWriter, count, endOf, joined, MINUTE, now, schedule, setClock, startOf, t, useWriteInsApp, type Caller } from "./test-helpers.ts";

/*
 * The end of a write-in, settled by the minute tick (issue 30 item 3): a writer who joined and
 * wrote gets First Write-in at their first write-in and Tenth Write-in at their tenth, each once,
 * with a bell; their profile counts this year's write-ins.
 */

useWriteInsApp();

const GRACE = 15_000;
let host: TestUser;

/** Community write-ins of 10 minutes, `count` of them 20 minutes apart, the first an hour from now. */
async function writeIns(n = 1, from = now() + 60 * MINUTE): Promise<WriteInSummary[]> {
  host = await confirmedWriter("Settle Host", { admin: true });
  const made: WriteInSummary[] = [];
  for (let i = 0; i < n; i++) {
    const startsAt = new Date(Math.ceil((from + i * 20 * MINUTE) / MINUTE) * MINUTE).toISOString();
    made.push((await schedule(host, { startsAt, lengthMinutes: 10 })).writeIn);
  }
  return made;
}

/** Each writer joins in the countdown and sends `words` (0: sends none) a minute in. */
async function takePart(w: WriteInSummary, writers: [TestUser, number][]) {
  setClock(startOf(w) - MINUTE);
  for (const [who] of writers) await joined(who, w.id);
  setClock(startOf(w) + MINUTE);
  for (const [who, words] of writers) if (words > 0) expect((await count(who, w.id, words)).body.words).toBe(words);
}

/** The tick, once the counts have closed (the end and its grace). */
async function tickAfter(w: WriteInSummary) {
  setClock(endOf(w) + GRACE + 1000);
  await runScheduledNow(t.deps);
}

const bell = async (who: Caller) =>
  (await call<NotificationList>(who, "GET", "/api/notifications")).body.items.filter((n) => n.kind === "achievement").map((n) => n.message);
const stats = async (who: Caller) => {
  const res = await call<PortfolioStats>(who, "GET", "/api/me/portfolio-stats");
  expect(res.status).toBe(200);
  return res.body;
};
const held = async (who: Caller) => (await stats(who)).achievements.map((a) => `${a.achievementType} ${a.year}`);
const yearOf = (w: WriteInSummary) => new Date(w.startsAt).getUTCFullYear();
const createZoned = (timeZone: string) => createUser(t, { confirmed: true, timeZone });

describe("settling an ended write-in", () => {
  it("gives First Write-in, with its bell, to a writer who wrote, once, and not to one who only joined", async () => {
    const [first, second] = await writeIns(2);
    const [ada, ben] = [await confirmedWriter(), await confirmedWriter()];
    await takePart(first!, [
      [ada, 40],
      [ben, 0],
    ]);
    // Not before the counts close: the results are not final yet.
    setClock(endOf(first!) + GRACE - 1000);
    await runScheduledNow(t.deps);
    expect(await bell(ada)).toEqual([]);

    // Ada's open pages are told (their bell's unread count), on the settling's commit.
    let told!: () => void;
    const signalled = new Promise<void>((resolve) => (told = resolve));
    const signal = onUserSignal(t.deps, ada.id, () => told());
    await signal.ready;
    await tickAfter(first!);
    await signalled;
    signal.stop();
    const year = yearOf(first!);
    expect(await bell(ada)).toEqual([`You reached First Write-in (${year})`]);
    expect(await held(ada)).toEqual([`first_write_in ${year}`]);
    expect(await bell(ben)).toEqual([]);
    expect(await held(ben)).toEqual([]);

    // A second write-in: nothing new for Ada; Ben, who writes this time, reaches his first.
    await takePart(second!, [
      [ada, 25],
      [ben, 30],
    ]);
    await tickAfter(second!);
    await runScheduledNow(t.deps);
    expect(await bell(ada)).toEqual([`You reached First Write-in (${year})`]);
    expect(await held(ada)).toEqual([`first_write_in ${year}`]);
    expect(await bell(ben)).toEqual([`You reached First Write-in (${yearOf(second!)})`]);
  });

  it("gives Tenth Write-in at the tenth write-in written in, not the ninth", async () => {
    const ten = await writeIns(10);
    const cy = await confirmedWriter();
    for (const [i, w] of ten.entries()) {
      await takePart(w, [[cy, 10 + i]]);
      await tickAfter(w);
      if (i === 8) expect(await held(cy)).toEqual([`first_write_in ${yearOf(ten[0]!)}`]);
    }
    expect(await held(cy)).toEqual([`tenth_write_in ${yearOf(ten[9]!)}`, `first_write_in ${yearOf(ten[0]!)}`]);
    expect(await bell(cy)).toEqual([`You reached Tenth Write-in (${yearOf(ten[9]!)})`, `You reached First Write-in (${yearOf(ten[0]!)})`]);
  });

  it("does not count a canceled write-in, even with a count stored", async () => {
    const [w] = await writeIns(1);
    const dee = await confirmedWriter();
    setClock(startOf(w!) - MINUTE);
    await joined(dee, w!.id);
    expect((await call(host, "DELETE", `/api/write-ins/${w!.id}`)).status).toBe(200);
    await t.deps.db.update(writeInParticipants).set({ words: 120 }).where(and(eq(writeInParticipants.writeInId, w!.id), eq(writeInParticipants.userId, dee.id)));
    await tickAfter(w!);
    expect(await held(dee)).toEqual([]);
    expect(await bell(dee)).toEqual([]);
    expect((await stats(dee)).writeInsThisYear).toBe(0);
  });

  it("dates each achievement by the write-in that reached it when a backlog across New Year is settled together", async () => {
    const year = new Date().getUTCFullYear() + 3;
    setClock(Date.parse(`${year}-12-31T09:00:00Z`));
    // Eight on December 31 (UTC), settled; then, the tick not running (downtime), two more that
    // evening and one on New Year's Day, settled together.
    const eight = await writeIns(8, Date.parse(`${year}-12-31T10:00:00Z`));
    const [late, later] = await writeIns(2, Date.parse(`${year}-12-31T22:00:00Z`));
    const [newYear] = await writeIns(1, Date.parse(`${year + 1}-01-01T00:20:00Z`));
    const [gil, hal, ivy] = [await confirmedWriter(), await confirmedWriter(), await confirmedWriter()];
    for (const w of eight) await takePart(w, [[gil, 20]]);
    await tickAfter(eight[7]!);
    expect(await held(gil)).toEqual([`first_write_in ${year}`]);
    await takePart(late!, [[gil, 20]]);
    await takePart(later!, [
      [gil, 20],
      [hal, 20],
    ]);
    await takePart(newYear!, [
      [gil, 20],
      [hal, 20],
      [ivy, 20],
    ]);
    await tickAfter(newYear!);
    // Gil's tenth and Hal's first were on December 31: that year's, though settled with a January one.
    expect(await held(gil)).toEqual([`tenth_write_in ${year}`, `first_write_in ${year}`]);
    expect(await bell(gil)).toEqual([`You reached Tenth Write-in (${year})`, `You reached First Write-in (${year})`]);
    expect(await held(hal)).toEqual([`first_write_in ${year}`]);
    expect(await held(ivy)).toEqual([`first_write_in ${year + 1}`]);
  });

  // With one write-in the row locks and the unique index already keep it to one; the case the
  // advisory lock is for (a 9th and a 10th settled at once) is settle-instances.test.ts, on PostgreSQL.
  it("awards once when two settlings run at the same time, and again nothing on the next tick", async () => {
    const [w] = await writeIns(1);
    const eve = await confirmedWriter();
    await takePart(w!, [[eve, 60]]);
    setClock(endOf(w!) + GRACE + 1000);
    const runs = await Promise.all([settleWriteIns(t.deps.db, t.deps.clock.now()), settleWriteIns(t.deps.db, t.deps.clock.now())]);
    expect(runs.reduce((n, r) => n + r.awarded, 0)).toBe(1);
    await runScheduledNow(t.deps);
    expect(await bell(eve)).toEqual([`You reached First Write-in (${yearOf(w!)})`]);
  });
});

describe("the profile's write-ins this year", () => {
  it("counts the write-ins written in that started this year in the writer's time zone, and starts again with the year", async () => {
    const year = new Date().getUTCFullYear() + 2;
    // Scheduled from the morning of December 31 (UTC) for 20:00 UTC: 15:00 in New York, 05:00 on January 1 in Tokyo.
    setClock(Date.parse(`${year}-12-31T10:00:00Z`));
    const [late] = await writeIns(1, Date.parse(`${year}-12-31T20:00:00Z`));
    const [utc, york, tokyo] = [await confirmedWriter(), await createZoned("America/New_York"), await createZoned("Asia/Tokyo")];
    expect((await stats(utc)).writeInsThisYear).toBe(0);
    await takePart(late!, [
      [utc, 10],
      [york, 10],
      [tokyo, 10],
    ]);
    // Not while it runs: it has not ended; nor just after, while counts are still taken (the results are not final).
    expect((await stats(utc)).writeInsThisYear).toBe(0);
    setClock(endOf(late!) + GRACE - 1000);
    expect((await stats(utc)).writeInsThisYear).toBe(0);
    await tickAfter(late!);
    expect((await stats(utc)).writeInsThisYear).toBe(1);
    expect(await held(york)).toEqual([`first_write_in ${year}`]);
    // It started on New Year's Day in Tokyo: that year's achievement and that year's count.
    expect(await held(tokyo)).toEqual([`first_write_in ${year + 1}`]);

    // Past midnight UTC: a new year in London, still the old one in New York.
    setClock(Date.parse(`${year + 1}-01-01T00:30:00Z`));
    expect((await stats(utc)).writeInsThisYear).toBe(0);
    expect((await stats(york)).writeInsThisYear).toBe(1);
    expect((await stats(tokyo)).writeInsThisYear).toBe(1);
  });

  it("says how many, up to many, and leaves out those joined without writing", async () => {
    const three = await writeIns(3);
    const fay = await confirmedWriter();
    for (const [i, w] of three.entries()) {
      await takePart(w, [[fay, i === 1 ? 0 : 15]]);
      await tickAfter(w);
    }
    expect((await stats(fay)).writeInsThisYear).toBe(2);
  });
});
