import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "#shared/domain/dates.ts";
import { saveSummary, weekOf, type DayOutcome } from "#shared/domain/scheduler.ts";
import { ADMIN_MESSAGES } from "#shared/schemas/admin.ts";
import { submissions } from "#server/db/schema/index.ts";
import { createPrompt, createSubmission, createUser } from "#tests/factories.ts";
import { admin, setupAdminTests, storedPrompts, t, writer, type Body } from "./admin.test-setup.ts";

setupAdminTests();

type WeekBody = {
  weekStart: string;
  today: string;
  days: { date: string; prompt: { id: string; text: string; author: string | null; submissionCount: number } | null }[];
  outcomes?: { date: string; status: string; message?: string }[];
};

describe("weekly scheduler", () => {
  it("reads the week of any date, Sunday first, across a month and a year boundary", async () => {
    await createPrompt(t, { date: "2026-12-31", text: "Last day of the year", author: "Ann" });
    await createPrompt(t, { date: "2027-01-01", text: "First day of the year" });
    const res = await t.json<WeekBody>("/api/admin/scheduler?week=2026-12-30", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.weekStart).toBe("2026-12-27");
    expect(res.body.days.map((d) => d.date)).toEqual(["2026-12-27", "2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
    expect(res.body.days[4]!.prompt).toMatchObject({ text: "Last day of the year", author: "Ann", submissionCount: 0 });
    expect(res.body.days[5]!.prompt).toMatchObject({ text: "First day of the year", author: null });
    expect(res.body.days.filter((d) => d.prompt).length).toBe(2);
  });

  it("defaults to the admin's current week", async () => {
    t.deps.testClock!.set(new Date("2026-11-18T12:00:00Z"));
    const res = await t.json<WeekBody>("/api/admin/scheduler", { cookie: admin.cookie, headers: { "x-time-zone": "America/New_York" } });
    expect(res.body).toMatchObject({ weekStart: "2026-11-15", today: "2026-11-18" });
  });

  it("refuses week dates at the ends of the calendar with a 422, never a 500", async () => {
    for (const week of ["9999-12-31", "0001-01-01", "1899-12-31", "3000-01-01"]) {
      const res = await t.json<Body>(`/api/admin/scheduler?week=${week}`, { cookie: admin.cookie });
      expect(res.status, week).toBe(422);
    }
  });

  it("refuses a malformed week date", async () => {
    const res = await t.json<Body>("/api/admin/scheduler?week=2026-02-30", { cookie: admin.cookie });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(ADMIN_MESSAGES.invalidDate);
  });

  it("saves a week of creates, updates, deletes and empty days, refusing to delete a prompt with pieces", async () => {
    const days = weekOf("2029-04-04"); // Sunday 2029-04-01 .. Saturday 2029-04-07
    await createPrompt(t, { date: days[1]!, text: "Old Monday" });
    await createPrompt(t, { date: days[2]!, text: "Tuesday stays", author: "Ann" });
    await createPrompt(t, { date: days[3]!, text: "Wednesday goes" });
    const thursday = await createPrompt(t, { date: days[4]!, text: "Thursday has pieces" });
    const piece = await createSubmission(t, writer, { promptId: thursday.id, isPrivate: true });
    await createSubmission(t, writer, { promptId: thursday.id });

    const res = await t.json<WeekBody>("/api/admin/scheduler", {
      method: "PUT",
      cookie: admin.cookie,
      json: {
        weekStart: days[0],
        days: [
          { date: days[0], text: "  A new Sunday  ", author: "  Mary Oliver ", expected: null },
          { date: days[1], text: "New Monday", expected: { text: "Old Monday", author: null } },
          { date: days[2], text: "Tuesday stays", author: "Ann", expected: { text: "Tuesday stays", author: "Ann" } },
          { date: days[3], text: "   ", expected: { text: "Wednesday goes", author: null } },
          { date: days[4], text: "", expected: { text: "Thursday has pieces", author: null } },
          { date: days[5], text: "", expected: null },
          { date: days[6], text: "Saturday", author: "   ", expected: null },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.outcomes!.map((o) => o.status)).toEqual(["saved", "updated", "unchanged", "deleted", "error", "empty", "saved"]);
    expect(res.body.outcomes![4]!.message).toBe(ADMIN_MESSAGES.promptHasPieces(2));

    const stored = await storedPrompts(days[0]!, days[6]!);
    expect(stored).toEqual([
      { date: days[0], text: "A new Sunday", author: "Mary Oliver" },
      { date: days[1], text: "New Monday", author: null },
      { date: days[2], text: "Tuesday stays", author: "Ann" },
      { date: days[4], text: "Thursday has pieces", author: null },
      { date: days[6], text: "Saturday", author: null },
    ]);
    // The refused day kept its prompt and the writers kept their pieces.
    expect(await t.deps.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.id, piece.id))).toHaveLength(1);
    // The answer carries the week as it now is.
    expect(res.body.days.map((d) => d.prompt?.text ?? null)).toEqual(["A new Sunday", "New Monday", "Tuesday stays", null, "Thursday has pieces", null, "Saturday"]);
    expect(res.body.days[4]!.prompt!.submissionCount).toBe(2);
  });

  it("lets a prompt with pieces be edited", async () => {
    const days = weekOf("2029-05-09");
    const p = await createPrompt(t, { date: days[2]!, text: "Before" });
    await createSubmission(t, writer, { promptId: p.id });
    const res = await t.json<WeekBody>("/api/admin/scheduler", {
      method: "PUT",
      cookie: admin.cookie,
      json: { weekStart: days[0], days: days.map((date, i) => ({ date, text: i === 2 ? "After" : "", expected: i === 2 ? { text: "Before", author: null } : null })) },
    });
    expect(res.body.outcomes![2]).toEqual({ date: days[2], status: "updated" });
    expect(res.body.days[2]!.prompt).toMatchObject({ id: p.id, text: "After", submissionCount: 1 });
  });

  it("saves a week that crosses a month and a year", async () => {
    const days = weekOf("2032-12-30"); // Sunday 2032-12-26 .. Saturday 2033-01-01
    expect(days[0]).toBe("2032-12-26");
    const res = await t.json<WeekBody>("/api/admin/scheduler", {
      method: "PUT",
      cookie: admin.cookie,
      json: { weekStart: days[0], days: days.map((date) => ({ date, text: `Prompt for ${date}`, expected: null })) },
    });
    expect(res.body.outcomes!.every((o) => o.status === "saved")).toBe(true);
    const again = await t.json<WeekBody>("/api/admin/scheduler?week=2033-01-01", { cookie: admin.cookie });
    expect(again.body.days.map((d) => d.prompt?.text)).toEqual(days.map((d) => `Prompt for ${d}`));
    // Saving the same week again changes nothing.
    const repeat = await t.json<WeekBody>("/api/admin/scheduler", {
      method: "PUT",
      cookie: admin.cookie,
      json: { weekStart: days[0], days: days.map((date) => ({ date, text: `Prompt for ${date}`, expected: { text: `Prompt for ${date}`, author: null } })) },
    });
    expect(repeat.body.outcomes!.every((o) => o.status === "unchanged")).toBe(true);
  });

  it("refuses to overwrite a day someone else changed since the week was loaded, saves the rest, and leaves unedited days alone", async () => {
    const days = weekOf("2029-08-15"); // Sunday 2029-08-12 .. Saturday 2029-08-18
    await createPrompt(t, { date: days[1]!, text: "Monday as loaded" });
    await createPrompt(t, { date: days[2]!, text: "Tuesday as loaded", author: "Ann" });
    await createPrompt(t, { date: days[3]!, text: "Wednesday as loaded" });
    await createPrompt(t, { date: days[6]!, text: "Saturday as loaded" });
    const loaded = await t.json<WeekBody>(`/api/admin/scheduler?week=${days[0]}`, { cookie: admin.cookie });
    const expected = loaded.body.days.map((d) => (d.prompt ? { text: d.prompt.text, author: d.prompt.author } : null));

    // Meanwhile another admin edits Monday, adds Thursday and empties Saturday in the scheduler...
    const other = await createUser(t, { name: "Other Editor", admin: true });
    const theirs = await t.json<WeekBody>("/api/admin/scheduler", {
      method: "PUT",
      cookie: other.cookie,
      json: {
        weekStart: days[0],
        days: days.map((date, i) => {
          const text = i === 1 ? "Monday by the other admin" : i === 4 ? "Thursday by the other admin" : i === 6 ? "" : (expected[i]?.text ?? "");
          return { date, text, author: expected[i]?.author ?? null, expected: expected[i] };
        }),
      },
    });
    expect(theirs.body.outcomes!.map((o) => o.status)).toEqual(["empty", "updated", "unchanged", "unchanged", "saved", "empty", "deleted"]);
    // ...and "Update Today's Prompt" on the dashboard rewrites Wednesday.
    t.deps.testClock!.set(new Date(`${days[3]}T12:00:00Z`));
    expect((await t.json("/api/admin/prompts/today", { method: "PUT", cookie: other.cookie, json: { text: "Wednesday from the dashboard" } })).status).toBe(200);

    // The first admin saves what they typed over the week as they loaded it.
    const typed = ["Sunday new", "Monday edited by me", "Tuesday edited by me", "Wednesday as loaded", "Thursday by me", "", "Saturday as loaded"];
    const res = await t.json<WeekBody>("/api/admin/scheduler", {
      method: "PUT",
      cookie: admin.cookie,
      json: { weekStart: days[0], days: days.map((date, i) => ({ date, text: typed[i]!, author: i === 2 ? "Ann" : null, expected: expected[i] })) },
    });
    expect(res.status).toBe(200);
    expect(res.body.outcomes!.map((o) => o.status)).toEqual(["saved", "error", "updated", "unchanged", "error", "empty", "empty"]);
    expect(res.body.outcomes![1]!.message).toBe(ADMIN_MESSAGES.changedSinceLoad);
    expect(res.body.outcomes![4]!.message).toBe(ADMIN_MESSAGES.changedSinceLoad);
    expect(saveSummary(res.body.outcomes as DayOutcome[]).message).toBe(
      `Partially completed: 1 new prompt created, 1 prompt updated. Errors: Monday: ${ADMIN_MESSAGES.changedSinceLoad}; Thursday: ${ADMIN_MESSAGES.changedSinceLoad}`,
    );

    const stored = await storedPrompts(days[0]!, days[6]!);
    expect(stored).toEqual([
      { date: days[0], text: "Sunday new", author: null },
      { date: days[1], text: "Monday by the other admin", author: null },
      { date: days[2], text: "Tuesday edited by me", author: "Ann" },
      { date: days[3], text: "Wednesday from the dashboard", author: null },
      { date: days[4], text: "Thursday by the other admin", author: null },
    ]);
  });

  it("saves an edit that matches what someone else already saved without calling it a conflict", async () => {
    const days = weekOf("2029-09-12");
    await createPrompt(t, { date: days[2]!, text: "Before" });
    const blank = days.map((date) => ({ date, text: "", expected: null }));
    const loadedTuesday = { text: "Before", author: null };
    await t.json("/api/admin/scheduler", {
      method: "PUT",
      cookie: admin.cookie,
      json: { weekStart: days[0], days: blank.map((d, i) => (i === 2 ? { ...d, text: "After", expected: loadedTuesday } : d)) },
    });
    const again = await t.json<WeekBody>("/api/admin/scheduler", {
      method: "PUT",
      cookie: admin.cookie,
      json: { weekStart: days[0], days: blank.map((d, i) => (i === 2 ? { ...d, text: "After", expected: loadedTuesday } : d)) },
    });
    expect(again.body.outcomes![2]).toEqual({ date: days[2], status: "unchanged" });
  });

  it("asks what each day held when the week was loaded", async () => {
    const days = weekOf("2029-10-10");
    const res = await t.json<Body>("/api/admin/scheduler", {
      method: "PUT",
      cookie: admin.cookie,
      json: { weekStart: days[0], days: days.map((date) => ({ date, text: "A prompt" })) },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(ADMIN_MESSAGES.expectedRequired);
    expect(await storedPrompts(days[0]!, days[6]!)).toEqual([]);
  });

  it("refuses a week that does not start on Sunday or does not have its seven days", async () => {
    const days = weekOf("2029-06-06");
    const cases: [unknown, string][] = [
      [{ weekStart: days[1], days: days.map((date) => ({ date, text: "", expected: null })) }, ADMIN_MESSAGES.weekStartsSunday],
      [{ weekStart: days[0], days: days.slice(0, 6).map((date) => ({ date, text: "", expected: null })) }, ADMIN_MESSAGES.wholeWeek],
      [{ weekStart: days[0], days: days.map((date) => ({ date: addDays(date, 7), text: "", expected: null })) }, ADMIN_MESSAGES.wholeWeek],
      [{ weekStart: days[0], days: days.map((date) => ({ date, text: "x".repeat(4001), expected: null })) }, ADMIN_MESSAGES.promptTooLong],
      [{ weekStart: days[0], days: days.map((date) => ({ date, text: "x", author: "a".repeat(101), expected: null })) }, ADMIN_MESSAGES.authorTooLong],
      [{ weekStart: days[0], days: days.map((date) => ({ date, text: "x", expected: "x" })) }, ADMIN_MESSAGES.expectedRequired],
      [{ weekStart: "not a date", days: [] }, ADMIN_MESSAGES.invalidDate],
    ];
    for (const [json, message] of cases) {
      const res = await t.json<Body>("/api/admin/scheduler", { method: "PUT", cookie: admin.cookie, json });
      expect(res.status, message).toBe(422);
      expect(res.body.message).toBe(message);
    }
    expect(await storedPrompts(days[0]!, addDays(days[6]!, 7))).toEqual([]);
  });
});
