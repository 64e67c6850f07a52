import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { submissions, userAchievements } from "#server/db/schema/index.ts";
import { createPrompt, createUser, getUserRow } from "#tests/factories.ts";
import { clock, submit, t, useWritingApp, words } from "./test-helpers.ts";

useWritingApp();

describe("streaks, pages and achievements", () => {
  const at = (iso: string) => clock().set(new Date(iso));

  it("snapshots the streak on a published name-signed piece only, so a later anonymous piece does not move it", async () => {
    await createPrompt(t, { date: "2034-04-01" });
    const u = await createUser(t, { name: "Snapshot Writer" });
    at("2034-04-01T09:00:00Z");
    const named = await submit(t, u, { promptId: undefined, signature: "name" });
    expect(named.body.streak.currentStreak).toBe(1);
    const card = async () =>
      (await t.json<{ piece: { author: { streak: number | null } } }>(`/api/community/pieces/${named.body.submission.id}`)).body.piece.author.streak;
    expect(await card()).toBe(1);

    at("2034-04-02T09:00:00Z");
    const anon = await submit(t, u, { promptId: undefined, signature: "anonymous" });
    expect(anon.body.streak.currentStreak).toBe(2);
    expect(await card()).toBe(1);
    const feed = await t.json<{ items: { id: string; author: { streak: number | null } }[] }>(
      `/api/community/feed?prompt=${named.body.submission.promptId}`,
    );
    expect(feed.body.items.find((i) => i.id === named.body.submission.id)!.author.streak).toBe(1);

    const stored = await t.deps.db
      .select({ id: submissions.id, authorStreak: submissions.authorStreak })
      .from(submissions)
      .where(eq(submissions.userId, u.id));
    expect(new Map(stored.map((r) => [r.id, r.authorStreak]))).toEqual(
      new Map([
        [named.body.submission.id, 1],
        [anon.body.submission.id, null],
      ]),
    );
  });

  it("counts consecutive local days, keeps the longest, and reads 0 once a day is missed", async () => {
    await createPrompt(t, { date: "2033-03-01" });
    const u = await createUser(t);
    const streakAfter = async (iso: string) => {
      at(iso);
      const res = await submit(t, u, { promptId: undefined });
      expect(res.status).toBe(201);
      return res.body.streak;
    };
    expect(await streakAfter("2033-03-01T09:00:00Z")).toEqual({ currentStreak: 1, longestStreak: 1 });
    expect(await streakAfter("2033-03-01T20:00:00Z")).toEqual({ currentStreak: 1, longestStreak: 1 });
    expect(await streakAfter("2033-03-02T07:00:00Z")).toEqual({ currentStreak: 2, longestStreak: 2 });
    expect(await streakAfter("2033-03-03T23:59:00Z")).toEqual({ currentStreak: 3, longestStreak: 3 });
    // Two missed days (03-04, 03-05): the grace day saves only one.
    expect(await streakAfter("2033-03-06T10:00:00Z")).toEqual({ currentStreak: 1, longestStreak: 3 });
    const row = await getUserRow(t, u.id);
    expect(row).toMatchObject({ currentStreak: 1, longestStreak: 3, lastWriteDate: "2033-03-06" });

    // The streak the writer is shown: alive the day after, and the day after that (March's grace
    // day would save the missed day), lapsed after two missed days.
    const shown = async () =>
      (await t.json<{ user: { currentStreak: number; longestStreak: number } }>("/api/me", { cookie: u.cookie, headers: { "x-time-zone": "UTC" } })).body.user;
    at("2033-03-07T10:00:00Z");
    expect(await shown()).toMatchObject({ currentStreak: 1, longestStreak: 3 });
    at("2033-03-08T10:00:00Z");
    expect(await shown()).toMatchObject({ currentStreak: 1, longestStreak: 3 });
    at("2033-03-09T10:00:00Z");
    expect(await shown()).toMatchObject({ currentStreak: 0, longestStreak: 3 });
  });

  it("counts days on the writer's own calendar, across their midnight", async () => {
    await createPrompt(t, { date: "2033-04-01" });
    const tokyo = await createUser(t, { timeZone: "Asia/Tokyo" });
    const utc = await createUser(t, { timeZone: "UTC" });
    // 23:50 and 00:10 in Tokyo: two days there, one day in UTC.
    for (const iso of ["2033-04-01T14:50:00Z", "2033-04-01T15:10:00Z"]) {
      at(iso);
      expect((await submit(t, tokyo, { timeZone: "Asia/Tokyo" })).status).toBe(201);
      expect((await submit(t, utc, { timeZone: "UTC" })).status).toBe(201);
    }
    expect(await getUserRow(t, tokyo.id)).toMatchObject({ currentStreak: 2, lastWriteDate: "2033-04-02" });
    expect(await getUserRow(t, utc.id)).toMatchObject({ currentStreak: 1, lastWriteDate: "2033-04-01" });
  });

  it("keeps one writing day for saves minutes apart under two zone headers; the stored zone follows the browser at most once a day", async () => {
    at("2036-06-01T11:55:00Z");
    const { id: promptId } = await createPrompt(t, { date: "2036-06-01" });
    const u = await createUser(t, { timeZone: "UTC" });
    // 23:55 on June 1 at UTC−12, then two minutes later 13:57 on June 2 in Paris: one real day,
    // even though the headers would make it two.
    at("2036-06-02T11:55:00Z");
    expect((await submit(t, u, { timeZone: "Etc/GMT+12", promptId })).body.streak.currentStreak).toBe(1);
    at("2036-06-02T11:57:00Z");
    expect((await submit(t, u, { timeZone: "Europe/Paris", promptId })).body.streak.currentStreak).toBe(1);
    const row = await getUserRow(t, u.id);
    expect(row.timeZone).toBe("Etc/GMT+12");
    expect(row.lastWriteDate).toBe("2036-06-01");
    // A day later the writer has really travelled: the zone follows once more.
    at("2036-06-03T12:30:00Z");
    expect((await submit(t, u, { timeZone: "Asia/Tokyo", promptId })).status).toBe(201);
    expect((await getUserRow(t, u.id)).timeZone).toBe("Asia/Tokyo");
  });

  it("awards each achievement once, when lifetime pages first cross 50, 100, 200 and 365, stamped with the year", async () => {
    at("2034-02-01T12:00:00Z");
    await createPrompt(t, { date: "2034-02-01" });
    const u = await createUser(t);
    const award = async (wordCount: number) => {
      const res = await submit(t, u, { content: words(wordCount), action: "save" });
      expect(res.status).toBe(201);
      return res.body.achievements;
    };
    expect(await award(12_450)).toEqual([]); // 49.8 pages
    expect(await award(50)).toEqual([{ achievementType: "novella_club", year: 2034 }]); // 50.0
    expect(await award(250)).toEqual([]); // 51.0
    expect(await award(12_250)).toEqual([{ achievementType: "centurion_club", year: 2034 }]); // 100.0
    at("2035-01-02T12:00:00Z");
    expect(await award(66_250)).toEqual([
      { achievementType: "storysmith", year: 2035 },
      { achievementType: "page_walker", year: 2035 },
    ]); // 365.0
    expect(await award(25_000)).toEqual([]);
    const held = await t.deps.db.select().from(userAchievements).where(eq(userAchievements.userId, u.id));
    expect(held).toHaveLength(4);
    const stats = await t.json<{ pagesWritten: number }>("/api/me/portfolio-stats", { cookie: u.cookie });
    expect(stats.body.pagesWritten).toBe(465);
  });
});
