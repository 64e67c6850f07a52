import { describe, expect, it } from "vitest";
import { createPrompt, createUser, getUserRow } from "#tests/factories.ts";
import { clock, submit, t, useWritingApp } from "./test-helpers.ts";

useWritingApp();

type Shown = { currentStreak: number; forgivenessDayUsed: string | null };

describe("the grace day through the real submit path (issue 16 item 5)", () => {
  const at = (iso: string) => clock().set(new Date(iso));

  it("saves one missed day a month, says which on /api/me and the profile stats, and not a second one that month", async () => {
    await createPrompt(t, { date: "2033-11-10" });
    const u = await createUser(t, { timeZone: "UTC" });
    const write = async (iso: string) => {
      at(iso);
      const res = await submit(t, u, { timeZone: "UTC" });
      expect(res.status).toBe(201);
      return res.body.streak.currentStreak;
    };
    const me = async () => (await t.json<{ user: Shown }>("/api/me", { cookie: u.cookie, headers: { "x-time-zone": "UTC" } })).body.user;
    const stats = async () => (await t.json<Shown>("/api/me/portfolio-stats", { cookie: u.cookie })).body;

    expect(await write("2033-11-10T09:00:00Z")).toBe(1);
    expect(await write("2033-11-11T09:00:00Z")).toBe(2);
    // Nov 12 missed: on the 13th the streak still shows (writing today keeps it), no grace day used yet.
    at("2033-11-13T08:00:00Z");
    expect(await me()).toMatchObject({ currentStreak: 2, forgivenessDayUsed: null });
    expect(await write("2033-11-13T09:00:00Z")).toBe(3);
    expect(await getUserRow(t, u.id)).toMatchObject({ graceDayUsed: "2033-11-12", streakStartDate: "2033-11-10", longestStreak: 3 });
    expect(await me()).toMatchObject({ currentStreak: 3, forgivenessDayUsed: "2033-11-12" });
    expect(await stats()).toMatchObject({ currentStreak: 3, forgivenessDayUsed: "2033-11-12" });

    // Nov 14 missed too: November's grace day is gone, so the streak shown on the 15th is 0 and writing starts afresh.
    at("2033-11-15T08:00:00Z");
    expect(await me()).toMatchObject({ currentStreak: 0, forgivenessDayUsed: null });
    expect(await write("2033-11-15T09:00:00Z")).toBe(1);
    expect(await stats()).toMatchObject({ currentStreak: 1, forgivenessDayUsed: null });

    // Nov 30 written, Dec 1 missed: December's grace day is free.
    await write("2033-11-30T09:00:00Z");
    expect(await write("2033-12-02T09:00:00Z")).toBe(2);
    expect(await me()).toMatchObject({ currentStreak: 2, forgivenessDayUsed: "2033-12-01" });
  });

  it("counts the missed day on the writer's calendar: 22:00 in Los Angeles is the next day in UTC", async () => {
    const { id: promptId } = await createPrompt(t, { date: "2033-10-29" });
    const u = await createUser(t, { timeZone: "America/Los_Angeles" });
    const write = async (iso: string) => {
      at(iso);
      const res = await submit(t, u, { timeZone: "America/Los_Angeles", promptId });
      expect(res.status).toBe(201);
      return res.body.streak.currentStreak;
    };
    // Oct 29 and Oct 31 local (05:00 UTC on Oct 30 and Nov 1): Oct 30 missed, October's grace day.
    expect(await write("2033-10-30T05:00:00Z")).toBe(1);
    expect(await write("2033-11-01T05:00:00Z")).toBe(2);
    expect(await getUserRow(t, u.id)).toMatchObject({ graceDayUsed: "2033-10-30", lastWriteDate: "2033-10-31" });
    // Nov 1 local missed, written Nov 2 local: November's grace day, though UTC would call it Nov 3.
    expect(await write("2033-11-03T05:00:00Z")).toBe(3);
    expect(await getUserRow(t, u.id)).toMatchObject({ graceDayUsed: "2033-11-01", lastWriteDate: "2033-11-02" });
  });
});
