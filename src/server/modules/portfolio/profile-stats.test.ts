import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSubmission, createUser, getUserRow } from "#tests/factories.ts";
import { userAchievements, users } from "#server/db/schema/index.ts";
import { addDays, localDate } from "#shared/domain/dates.ts";
import type { PortfolioStats, ProfileResponse } from "#shared/schemas/portfolio.ts";
import { other, t, usePortfolioApp, type ErrorBody } from "./test-helpers.ts";

usePortfolioApp();

describe("GET /api/me/portfolio-stats", () => {
  it("asks a visitor to sign in", async () => {
    expect((await t.json(`/api/me/portfolio-stats`)).status).toBe(401);
  });

  it("counts works, pages (one decimal), Editors' Selections, streak, achievements and tier", async () => {
    const w = await createUser(t, { name: "Stat Writer" });
    await createSubmission(t, w, { content: "w ".repeat(250) });
    await createSubmission(t, w, { content: "w ".repeat(30), isFeatured: true });
    await createSubmission(t, w, { content: "w ".repeat(1), isPrivate: true });
    const today = localDate(t.deps.clock.now(), "UTC");
    await t.deps.db.update(users).set({ currentStreak: 3, longestStreak: 5, lastWriteDate: addDays(today, -1) }).where(eq(users.id, w.id));
    await t.deps.db.insert(userAchievements).values([
      { userId: w.id, achievementType: "novella_club", year: 2025, achievedAt: new Date("2025-06-01T00:00:00Z") },
      { userId: w.id, achievementType: "centurion_club", year: 2026, achievedAt: new Date("2026-02-01T00:00:00Z") },
    ]);
    const res = await t.json<PortfolioStats>(`/api/me/portfolio-stats`, { cookie: w.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      works: 3,
      pagesWritten: 1.1, // 1 + 0.12 + 0 pages
      currentStreak: 3,
      longestStreak: 5,
      editorsSelections: 1,
      achievements: [
        { achievementType: "centurion_club", year: 2026 },
        { achievementType: "novella_club", year: 2025 },
      ],
    });
    expect(res.body.tier).toMatchObject({ current: { name: "New Voice" }, next: { name: "Novella Club" }, pagesToNext: 48.9 });

    // A streak whose last day is before yesterday reads 0 once two days are missed, or one day
    // whose month's grace day is already spent (issue 16); one missed day with it free still counts.
    const shown = async () => (await t.json<PortfolioStats>(`/api/me/portfolio-stats`, { cookie: w.cookie })).body.currentStreak;
    await t.deps.db.update(users).set({ lastWriteDate: addDays(today, -3) }).where(eq(users.id, w.id));
    expect(await shown()).toBe(0);
    await t.deps.db.update(users).set({ lastWriteDate: addDays(today, -2), graceDayUsed: `${addDays(today, -1).slice(0, 8)}01` }).where(eq(users.id, w.id));
    expect(await shown()).toBe(0);
    await t.deps.db.update(users).set({ graceDayUsed: null }).where(eq(users.id, w.id));
    expect(await shown()).toBe(3);
  });
});


describe("PATCH /api/me/profile", () => {
  it("asks a visitor to sign in", async () => {
    expect((await t.json(`/api/me/profile`, { method: "PATCH", json: { name: "X", alias: "" } })).status).toBe(401);
  });

  it("trims name and alias; an empty alias removes it", async () => {
    const u = await createUser(t, { name: "Before Name", alias: "Old Alias" });
    const res = await t.json<ProfileResponse>(`/api/me/profile`, { method: "PATCH", json: { name: "  Grace  Hopper ", alias: "  Amazing Grace " }, cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: "Grace", fullName: "Grace  Hopper", alias: "Amazing Grace" });
    const me = await t.json<{ user: { fullName: string; alias: string | null } }>(`/api/me`, { cookie: u.cookie });
    expect(me.body.user).toMatchObject({ fullName: "Grace  Hopper", alias: "Amazing Grace" });

    const cleared = await t.json<ProfileResponse>(`/api/me/profile`, { method: "PATCH", json: { name: "Grace Hopper", alias: "   " }, cookie: u.cookie });
    expect(cleared.body.alias).toBeNull();
    expect((await getUserRow(t, u.id)).alias).toBeNull();
  });

  it("requires a name and changes nothing without one", async () => {
    const u = await createUser(t, { name: "Keeps Name", alias: "Keeps Alias" });
    for (const body of [{ name: "   ", alias: "New" }, { alias: "New" }]) {
      const res = await t.json<ErrorBody>(`/api/me/profile`, { method: "PATCH", json: body, cookie: u.cookie });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Please enter your name");
    }
    expect(await getUserRow(t, u.id)).toMatchObject({ name: "Keeps Name", alias: "Keeps Alias" });
  });

  it("only ever changes the caller's own row", async () => {
    const u = await createUser(t, { name: "Self" });
    const before = await getUserRow(t, other.id);
    await t.json(`/api/me/profile`, { method: "PATCH", json: { name: "Self Changed", alias: null }, cookie: u.cookie });
    expect(await getUserRow(t, other.id)).toMatchObject({ name: before.name, alias: before.alias });
  });
});
