import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { WRITING_STATS_MESSAGES } from "#shared/schemas/writing-stats.ts";
import { createUser } from "#tests/factories.ts";
import { admin, other, owner, t, usePortfolioApp } from "./test-helpers.ts";
import { getStats, insertPieces } from "./writing-stats.test-helpers.ts";

usePortfolioApp();

describe("GET /api/me/stats (issue 16 item 6)", () => {
  it("asks a visitor to sign in, and answers a bad year with a 422 and the reason", async () => {
    const visitor = await getStats(t, null, "?year=2031");
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toBe(WRITING_STATS_MESSAGES.loginToSeeStats);
    for (const year of ["1999", "abc", "2031.5", "9999"]) {
      const bad = await getStats(t, owner.cookie, `?year=${year}`);
      expect(bad.status, year).toBe(422);
      expect(JSON.stringify(bad.body)).toContain(WRITING_STATS_MESSAGES.badYear);
    }
  });

  it("counts only the asking writer's own pieces written here in that year (not imported ones, not another's); admins too see only their own", async () => {
    t.deps.testClock!.set(new Date("2031-06-15T12:00:00Z"));
    const w = await createUser(t, { timeZone: "UTC" });
    await insertPieces(t, w.id, [
      { at: new Date("2031-03-01T21:30:00Z"), zone: "UTC", words: 300 },
      { at: new Date("2031-03-01T21:50:00Z"), zone: "UTC", words: 200 },
      { at: new Date("2031-05-02T08:00:00Z"), zone: "UTC", words: 100 },
      { at: new Date("2031-05-03T21:10:00Z"), zone: "UTC", words: 250, imported: true },
      { at: new Date("2030-12-31T21:00:00Z"), zone: "UTC", words: 999 },
    ]);
    await insertPieces(t, other.id, [{ at: new Date("2031-03-01T10:00:00Z"), zone: "UTC", words: 5000 }]);
    const res = await getStats(t, w.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      year: 2031,
      currentYear: 2031,
      firstYear: 2030,
      days: [
        { date: "2031-03-01", words: 500, pieces: 2 },
        { date: "2031-05-02", words: 100, pieces: 1 },
      ],
      totals: { words: 600, pieces: 3, pages: 2.4, writingDays: 2, averageWordsPerDay: 300 },
      piecesPerMonth: [0, 0, 2, 0, 1, 0, 0, 0, 0, 0, 0, 0],
      usualHour: 21,
    });
    expect((await getStats(t, w.cookie, "?year=2030")).body.totals).toMatchObject({ words: 999, pieces: 1 });
    const adminOwn = await getStats(t, admin.cookie, "?year=2031");
    expect(adminOwn.body.totals.words).toBe(0);
    expect(adminOwn.body.days).toEqual([]);
    expect(adminOwn.body.usualHour).toBeNull();
  });

  it("reads the usual hour and the current year on the writer's own clock", async () => {
    // 01:30 UTC on Jan 1 2032 is 17:30 on Dec 31 2031 in Los Angeles.
    t.deps.testClock!.set(new Date("2032-01-01T01:30:00Z"));
    const w = await createUser(t, { timeZone: "America/Los_Angeles" });
    await insertPieces(t, w.id, [
      { at: new Date("2032-01-01T01:00:00Z"), zone: "America/Los_Angeles", words: 10 },
      { at: new Date("2031-12-30T01:10:00Z"), zone: "America/Los_Angeles", words: 10 },
    ]);
    const res = await getStats(t, w.cookie);
    expect(res.body).toMatchObject({ year: 2031, currentYear: 2031, usualHour: 17, days: [{ date: "2031-12-29" }, { date: "2031-12-31" }] });
  });

  it("answers on UTC's clock, not with a 500, when PostgreSQL does not know the writer's zone", async () => {
    t.deps.testClock!.set(new Date("2032-06-01T12:00:00Z"));
    const w = await createUser(t, { timeZone: "Europe/Paris" });
    await insertPieces(t, w.id, [{ at: new Date("2032-05-31T23:30:00Z"), zone: "Europe/Paris", words: 40 }]);
    await t.deps.db.execute(sql`update users set time_zone = 'Mars/Olympus_Mons' where id = ${w.id}`);
    const res = await getStats(t, w.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ year: 2032, usualHour: 23, totals: { words: 40 }, days: [{ date: "2032-06-01" }] });
  });
});
