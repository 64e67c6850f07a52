import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, localDate } from "#shared/domain/dates.ts";
import type { CollectionResponse } from "#shared/schemas/collections.ts";
import type { PortfolioStats } from "#shared/schemas/portfolio.ts";
import type { SubmissionResponse } from "#shared/schemas/writing.ts";
import { userAchievements } from "#server/db/schema/index.ts";
import { createUser, getUserRow } from "#tests/factories.ts";
import { submit, t, useWritingApp } from "../writing/test-helpers.ts";
import { upload } from "./test-helpers.ts";

/*
 * Issue 15 item 2: imported pieces are never counted toward streaks, pages, achievements, tiers
 * or collections — those are about writing here. 400 imported pages on the two days before today
 * would otherwise give a 3-day streak and every achievement to the first piece written here.
 */

useWritingApp();

/** `n` words: 25,000 words are 100 pages. */
const words = (n: number) => "w ".repeat(n).trim();

async function importFourHundredPages(cookie: string, today: string) {
  const files = [1, 1, 2, 2].map((back, i) => ({ name: `${addDays(today, -back)}-old-${i}.txt`, bytes: `${i} ${words(25_000)}` }));
  const res = await upload(t, cookie, files);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.imported).toBe(4);
}

describe("imported pieces are not counted", () => {
  it("stats, streak and achievements do not move on import, nor on the next piece written here", async () => {
    const writer = await createUser(t);
    const today = localDate(t.deps.clock.now(), "UTC");
    const rowBefore = await getUserRow(t, writer.id);
    await importFourHundredPages(writer.cookie, today);

    const rowAfter = await getUserRow(t, writer.id);
    expect({ current: rowAfter.currentStreak, longest: rowAfter.longestStreak, last: rowAfter.lastWriteDate }).toEqual({
      current: rowBefore.currentStreak,
      longest: rowBefore.longestStreak,
      last: rowBefore.lastWriteDate,
    });
    const stats = await t.json<PortfolioStats>("/api/me/portfolio-stats", { cookie: writer.cookie });
    expect(stats.body).toMatchObject({ works: 0, pagesWritten: 0, currentStreak: 0, longestStreak: 0, achievements: [] });
    expect(stats.body.tier).toMatchObject({ current: { name: "New Voice" }, pagesToNext: 50 });

    // The first piece written here: a 1-day streak (not 3), its own page count, no achievement.
    const written = await submit<SubmissionResponse>(t, writer, { content: words(250) });
    expect(written.status).toBe(201);
    expect(written.body.streak).toEqual({ currentStreak: 1, longestStreak: 1 });
    expect(written.body.achievements).toEqual([]);
    expect(await t.deps.db.select().from(userAchievements).where(eq(userAchievements.userId, writer.id))).toEqual([]);
    const after = await t.json<PortfolioStats>("/api/me/portfolio-stats", { cookie: writer.cookie });
    expect(after.body).toMatchObject({ works: 1, pagesWritten: 1, currentStreak: 1, achievements: [] });
  });

  it("the month's collection (page, downloads and monthly email) leaves imported pieces out", async () => {
    const writer = await createUser(t);
    const today = localDate(t.deps.clock.now(), "UTC");
    const lastYear = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 7)}`;
    const res = await upload(t, writer.cookie, [{ name: `${lastYear}-03-imported.txt`, bytes: "Written somewhere else." }]);
    expect(res.body.imported).toBe(1);
    const collection = await t.json<CollectionResponse>(`/api/collections/${lastYear}`, { cookie: writer.cookie });
    expect(collection.status).toBe(200);
    expect(collection.body).toMatchObject({ pieces: [], more: 0, wordCount: 0, pages: 0 });
  });
});
