import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailPlans } from "#server/db/schema/index.ts";
import { createTestApp, readMails, type TestApp } from "#tests/setup/app.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { backdate, pieceAt, tickAt } from "./test-helpers.ts";

/*
 * With the test clock: writers in UTC−10, UTC and UTC+14 each get the weekly best-of at their own
 * Sunday 09:00 and the monthly collection on their own 1st at 09:00, once, however often the
 * tick runs (issue 14 items 3, 4).
 */

let t: TestApp;
const zones = { honolulu: "Pacific/Honolulu", utc: "UTC", kiritimati: "Pacific/Kiritimati" } as const;
type Zone = keyof typeof zones;
const writers = {} as Record<Zone, TestUser>;

beforeAll(async () => {
  t = await createTestApp();
  // A Tuesday, no one's 1st: the queue's own minute tick (real cron, on the test clock) plans nothing for
  // these writers before the walks (on 2026-12-01, the real first, it sent them November's nudge first).
  t.deps.testClock!.set(new Date("2027-01-05T00:00:00Z"));
  for (const [key, timeZone] of Object.entries(zones) as [Zone, string][]) {
    writers[key] = await createUser(t, { confirmed: true, name: `Writer of ${key}`, timeZone });
    await backdate(t, writers[key].id);
  }
  const poet = await createUser(t, { confirmed: true, name: "Pia Poet" });
  // In every zone's week (Kiritimati's ends 2027-01-09 19:00 UTC; Honolulu's starts 2027-01-03 19:00 UTC).
  await pieceAt(t, poet, { at: "2027-01-05T12:00:00Z", featured: true, title: "Pick of the week" });
});

afterAll(async () => {
  await t?.close();
});

/** Who has received a mail whose subject matches, once each (a second copy fails the test). */
async function receivers(subject: RegExp): Promise<Zone[]> {
  const mails = (await readMails(t)).filter((m) => subject.test(m.subject));
  const got = (Object.keys(zones) as Zone[]).filter((z) => mails.some((m) => m.to.includes(writers[z].email)));
  for (const z of got) expect(mails.filter((m) => m.to.includes(writers[z].email)), `one mail for ${z}`).toHaveLength(1);
  return got;
}

/** Runs the tick at each instant (twice at each: a repeated tick sends nothing more) and says who has the mail after it. */
async function walk(subject: RegExp, steps: [string, Zone[]][]): Promise<void> {
  for (const [at, expected] of steps) {
    await tickAt(t, at);
    await tickAt(t, at);
    expect(await receivers(subject), `after the tick at ${at}`).toEqual(expected);
  }
}

describe("scheduled emails at each writer's own local time", () => {
  it("the weekly best-of at each writer's Sunday 09:00", async () => {
    await walk(/^The week's best/, [
      ["2027-01-09T18:59:00Z", []],
      ["2027-01-09T19:00:00Z", ["kiritimati"]],
      ["2027-01-10T08:59:00Z", ["kiritimati"]],
      ["2027-01-10T09:00:00Z", ["utc", "kiritimati"]],
      ["2027-01-10T10:00:00Z", ["utc", "kiritimati"]],
      ["2027-01-10T18:59:00Z", ["utc", "kiritimati"]],
      ["2027-01-10T19:00:00Z", ["honolulu", "utc", "kiritimati"]],
      ["2027-01-10T23:30:00Z", ["honolulu", "utc", "kiritimati"]],
    ]);
    // Planned again from scratch (as after a crash before the markers were written): still one each.
    await t.deps.db.delete(mailPlans);
    await walk(/^The week's best/, [["2027-01-10T23:45:00Z", ["honolulu", "utc", "kiritimati"]]]);
  });

  it("the monthly collection on each writer's own 1st at 09:00", async () => {
    await walk(/^(Your January 2027 collection|A new month)/, [
      ["2027-01-31T18:59:00Z", []],
      ["2027-01-31T19:00:00Z", ["kiritimati"]],
      ["2027-02-01T08:59:00Z", ["kiritimati"]],
      ["2027-02-01T09:00:00Z", ["utc", "kiritimati"]],
      ["2027-02-01T18:59:00Z", ["utc", "kiritimati"]],
      ["2027-02-01T19:00:00Z", ["honolulu", "utc", "kiritimati"]],
      ["2027-02-02T09:30:00Z", ["honolulu", "utc", "kiritimati"]],
    ]);
  });
});
