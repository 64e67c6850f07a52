import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, gte, lte } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PROMPTS_PAGE_SIZE, ADMIN_USERS_PAGE_SIZE } from "#shared/constants.ts";
import { addDays } from "#shared/domain/dates.ts";
import { saveSummary, weekOf, type DayOutcome } from "#shared/domain/scheduler.ts";
import { MESSAGES } from "#shared/errors.ts";
import { ADMIN_MESSAGES } from "#shared/schemas/admin.ts";
import { events, prompts, submissions, users } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createPrompt, createSubmission, createUser, freewritePrompt, type TestUser } from "#tests/factories.ts";

let t: TestApp;
let admin: TestUser;
let writer: TestUser;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), "inkwell-dist-"));
  writeFileSync(join(distDir, "index.html"), "<!doctype html><html><head><title>x</title><!--app-head--></head><body></body></html>");
  t = await createTestApp({ CLIENT_DIST_DIR: distDir });
  admin = await createUser(t, { name: "Editor Admin", admin: true });
  writer = await createUser(t, { name: "Plain Writer" });
});
afterAll(async () => {
  await t?.close();
  rmSync(distDir, { recursive: true, force: true });
});
afterEach(() => {
  t.deps.testClock!.reset();
});

type Body = Record<string, unknown> & { code?: string; message?: string };
const ZERO_UUID = "00000000-0000-4000-8000-000000000000";

describe("every admin endpoint checks admin status on the server", () => {
  const week = weekOf("2030-06-12");
  const endpoints: { method: string; label?: string; path: () => string; json?: () => unknown }[] = [
    { method: "GET", path: () => "/api/admin/prompts/today" },
    { method: "PUT", path: () => "/api/admin/prompts/today", json: () => ({ text: "A prompt" }) },
    { method: "GET", path: () => "/api/admin/scheduler?week=2030-06-12" },
    { method: "PUT", path: () => "/api/admin/scheduler", json: () => ({ weekStart: week[0], days: week.map((date) => ({ date, text: "", expected: null })) }) },
    { method: "GET", path: () => "/api/admin/prompts" },
    { method: "GET", label: "/api/admin/prompts/:id/submissions", path: () => `/api/admin/prompts/${sharedPromptId}/submissions` },
    { method: "PUT", label: "/api/admin/submissions/:id/featured", path: () => `/api/admin/submissions/${sharedPieceId}/featured`, json: () => ({ isFeatured: false }) },
    { method: "GET", path: () => "/api/admin/podium" },
    { method: "GET", path: () => "/api/admin/users" },
    { method: "GET", label: "/api/admin/users/:id", path: () => `/api/admin/users/${writer.id}` },
  ];
  let sharedPromptId: string;
  let sharedPieceId: string;
  beforeAll(async () => {
    const prompt = await createPrompt(t, { date: "2030-01-01" });
    sharedPromptId = prompt.id;
    sharedPieceId = (await createSubmission(t, writer, { promptId: prompt.id })).id;
  });

  for (const e of endpoints) {
    it(`${e.method} ${e.label ?? e.path()}: visitor 401, writer 403, admin 200`, async () => {
      const visitor = await t.json<Body>(e.path(), { method: e.method, json: e.json?.() });
      expect(visitor.status).toBe(401);
      expect(visitor.body.code).toBe("unauthorized");
      const asWriter = await t.json<Body>(e.path(), { method: e.method, json: e.json?.(), cookie: writer.cookie });
      expect(asWriter.status).toBe(403);
      expect(asWriter.body).toMatchObject({ code: "not_admin", message: MESSAGES.notAdmin });
      const asAdmin = await t.json<Body>(e.path(), { method: e.method, json: e.json?.(), cookie: admin.cookie });
      expect(asAdmin.status).toBe(200);
    });
  }

  it("answers a visitor before looking at the input (401, not 422)", async () => {
    const res = await t.json<Body>("/api/admin/prompts/today", { method: "PUT", json: { text: "" } });
    expect(res.status).toBe(401);
  });

  it("asks a visitor to sign in to manage featured submissions", async () => {
    const res = await t.json<Body>(`/api/admin/submissions/${sharedPieceId}/featured`, { method: "PUT", json: { isFeatured: true } });
    expect(res.body.message).toBe(MESSAGES.loginToFeature);
  });
});

describe("today's prompt", () => {
  it("reads, creates and then updates the prompt of the admin's own date", async () => {
    t.deps.testClock!.set(new Date("2031-03-10T20:00:00Z"));
    // 20:00 UTC is already March 11 in Auckland.
    const headers = { "x-time-zone": "Pacific/Auckland" };
    const before = await t.json<{ date: string; prompt: unknown }>("/api/admin/prompts/today", { cookie: admin.cookie, headers });
    expect(before.body).toEqual({ date: "2031-03-11", prompt: null });

    const created = await t.json<{ date: string; created: boolean; prompt: { text: string; date: string } }>("/api/admin/prompts/today", {
      method: "PUT",
      cookie: admin.cookie,
      headers,
      json: { text: "  **LARGE:Doors**\n~~small:ten minutes~~  " },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ date: "2031-03-11", created: true, prompt: { text: "**LARGE:Doors**\n~~small:ten minutes~~", date: "2031-03-11" } });

    const updated = await t.json<{ created: boolean; prompt: { text: string } }>("/api/admin/prompts/today", {
      method: "PUT",
      cookie: admin.cookie,
      headers,
      json: { text: "Windows" },
    });
    expect(updated.body).toMatchObject({ created: false, prompt: { text: "Windows" } });
    const rows = await t.deps.db.select().from(prompts).where(eq(prompts.date, "2031-03-11"));
    expect(rows.map((r) => r.text)).toEqual(["Windows"]);
  });

  it("refuses a blank prompt with the spec's message and changes nothing", async () => {
    t.deps.testClock!.set(new Date("2031-04-01T12:00:00Z"));
    for (const json of [{ text: "   \n " }, {}, { text: 5 }]) {
      const res = await t.json<Body>("/api/admin/prompts/today", { method: "PUT", cookie: admin.cookie, json });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(ADMIN_MESSAGES.promptRequired);
    }
    expect(await t.deps.db.select().from(prompts).where(eq(prompts.date, "2031-04-01"))).toEqual([]);
  });

  it("refuses a prompt that is too long", async () => {
    const res = await t.json<Body>("/api/admin/prompts/today", { method: "PUT", cookie: admin.cookie, json: { text: "x".repeat(4001) } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(ADMIN_MESSAGES.promptTooLong);
  });
});

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

    const stored = await t.deps.db
      .select({ date: prompts.date, text: prompts.text, author: prompts.author })
      .from(prompts)
      .where(and(gte(prompts.date, days[0]!), lte(prompts.date, days[6]!)))
      .orderBy(prompts.date);
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

    const stored = await t.deps.db
      .select({ date: prompts.date, text: prompts.text, author: prompts.author })
      .from(prompts)
      .where(and(gte(prompts.date, days[0]!), lte(prompts.date, days[6]!)))
      .orderBy(prompts.date);
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
    expect(await t.deps.db.select().from(prompts).where(and(gte(prompts.date, days[0]!), lte(prompts.date, days[6]!)))).toEqual([]);
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
    expect(await t.deps.db.select().from(prompts).where(and(gte(prompts.date, days[0]!), lte(prompts.date, addDays(days[6]!, 7))))).toEqual([]);
  });
});

type PromptList = { today: string; freewrite: { id: string; text: string; responseCount: number } | null; prompts: { id: string; date: string; responseCount: number }[]; nextCursor: string | null };
type SubmissionList = { prompt: { id: string }; total: number; submissions: { id: string; authorLabel: string; isFeatured: boolean; content: string }[]; nextCursor: string | null };

describe("prompts database", () => {
  it("lists prompts newest date first with their public response counts, paged, the freewrite prompt apart", async () => {
    const p = await createPrompt(t, { date: "2040-01-15", text: "Far future" });
    await createSubmission(t, writer, { promptId: p.id });
    await createSubmission(t, writer, { promptId: p.id });
    await createSubmission(t, writer, { promptId: p.id, isPrivate: true });
    const free = await freewritePrompt(t);
    await createSubmission(t, writer, { promptId: free.id });

    const first = await t.json<PromptList>("/api/admin/prompts", { cookie: admin.cookie });
    expect(first.status).toBe(200);
    expect(first.body.prompts[0]).toMatchObject({ id: p.id, date: "2040-01-15", responseCount: 2 });
    expect(first.body.freewrite).toMatchObject({ id: free.id, text: "Freewrite Session" });
    expect(first.body.freewrite!.responseCount).toBeGreaterThanOrEqual(1);
    const dates = first.body.prompts.map((x) => x.date);
    expect([...dates].sort().reverse()).toEqual(dates);

    // Enough prompts for a second page.
    await t.deps.db
      .insert(prompts)
      .values(Array.from({ length: ADMIN_PROMPTS_PAGE_SIZE + 5 }, (_, i) => ({ date: addDays("2035-01-01", i), text: `Filler ${i}`, kind: "daily" as const })));
    const page1 = await t.json<PromptList>("/api/admin/prompts", { cookie: admin.cookie });
    expect(page1.body.prompts).toHaveLength(ADMIN_PROMPTS_PAGE_SIZE);
    expect(page1.body.nextCursor).not.toBeNull();
    const page2 = await t.json<PromptList>(`/api/admin/prompts?cursor=${page1.body.nextCursor}`, { cookie: admin.cookie });
    expect(page2.body.freewrite).toBeNull();
    const ids1 = new Set(page1.body.prompts.map((x) => x.id));
    expect(page2.body.prompts.some((x) => ids1.has(x.id))).toBe(false);
    expect(page2.body.prompts[0]!.date < page1.body.prompts.at(-1)!.date).toBe(true);
  });

  it("lists a prompt's public pieces with author labels that respect the signature", async () => {
    const p = await createPrompt(t, { date: "2041-02-02" });
    const signed = await createUser(t, { name: "Ada Lovelace", alias: "Countess" });
    await createSubmission(t, signed, { promptId: p.id, submissionType: "name", createdAt: new Date("2041-02-02T10:00:00Z") });
    await createSubmission(t, signed, { promptId: p.id, submissionType: "alias", createdAt: new Date("2041-02-02T11:00:00Z") });
    await createSubmission(t, signed, { promptId: p.id, submissionType: "anonymous", createdAt: new Date("2041-02-02T12:00:00Z") });
    await createSubmission(t, signed, { promptId: p.id, isPrivate: true, content: "my secret words" });
    const res = await t.json<SubmissionList>(`/api/admin/prompts/${p.id}/submissions`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.submissions.map((s) => s.authorLabel)).toEqual(["Anonymous", "Countess", "Ada Lovelace"]);
    expect(JSON.stringify(res.body)).not.toContain("my secret words");
  });

  it("pages a prompt's pieces without repeats or gaps", async () => {
    const p = await createPrompt(t, { date: "2041-03-03" });
    const base = Date.parse("2041-03-03T08:00:00Z");
    for (let i = 0; i < 55; i++) await createSubmission(t, writer, { promptId: p.id, createdAt: new Date(base + Math.floor(i / 2) * 1000) });
    const one = await t.json<SubmissionList>(`/api/admin/prompts/${p.id}/submissions`, { cookie: admin.cookie });
    expect(one.body.submissions).toHaveLength(50);
    const two = await t.json<SubmissionList>(`/api/admin/prompts/${p.id}/submissions?cursor=${encodeURIComponent(one.body.nextCursor!)}`, { cookie: admin.cookie });
    expect(two.body.nextCursor).toBeNull();
    const all = [...one.body.submissions, ...two.body.submissions].map((s) => s.id);
    expect(new Set(all).size).toBe(55);
  });

  it("answers 404 for an unknown prompt and 422 for a broken cursor", async () => {
    const missing = await t.json<Body>(`/api/admin/prompts/${ZERO_UUID}/submissions`, { cookie: admin.cookie });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(ADMIN_MESSAGES.promptNotFound);
    const badId = await t.json<Body>(`/api/admin/prompts/not-a-uuid/submissions`, { cookie: admin.cookie });
    expect(badId.status).toBe(404);
    expect(badId.body.message).toBe(ADMIN_MESSAGES.promptNotFound);
    const p = await createPrompt(t, { date: "2041-04-04" });
    const bad = await t.json<Body>(`/api/admin/prompts/${p.id}/submissions?cursor=nope`, { cookie: admin.cookie });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe(ADMIN_MESSAGES.invalidCursor);
    const badPrompts = await t.json<Body>(`/api/admin/prompts?cursor=yesterday`, { cookie: admin.cookie });
    expect(badPrompts.status).toBe(422);
  });

  it("refuses, on every admin list, any cursor the server did not write", async () => {
    const p = await createPrompt(t, { date: "2041-05-05" });
    const crafted = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const lists = [`/api/admin/prompts/${p.id}/submissions`, "/api/admin/users", `/api/admin/users/${writer.id}`];
    const cursors = [
      crafted({ t: "2041-13-01T00:00:00.000000Z", id: ZERO_UUID }), // no month 13
      crafted({ t: "2041-01-01T00:00:00.000000Z", id: "1; drop table users" }),
      crafted({ t: "2041-01-01T00:00:00.000000Z" }),
      `2041-01-01T00:00:00.000000Z|${ZERO_UUID}`, // the old plain-text form
      "x".repeat(5000),
    ];
    for (const path of [...lists, "/api/admin/prompts"]) {
      const listCursors = path === "/api/admin/prompts" ? [crafted({ date: "2041-02-30" }), crafted({ date: 5 }), "2041-01-01", ...cursors] : cursors;
      for (const cursor of listCursors) {
        const res = await t.json<Body>(`${path}?cursor=${encodeURIComponent(cursor)}`, { cookie: admin.cookie });
        expect(res.status, `${path} ${cursor}`).toBe(422);
        expect(res.body).toMatchObject({ code: "invalid_cursor", message: ADMIN_MESSAGES.invalidCursor });
      }
    }
  });
});

type Podium = { total: number; picks: { id: string; authorLabel: string; content?: string; excerpt?: string; featuredAt: string; prompt: { text: string } }[] };

describe("Editor's Picks", () => {
  it("features a public piece, announces it live, and shows it on both podiums; removing takes it off", async () => {
    const p = await createPrompt(t, { date: "2042-01-01", text: "**LARGE:Rivers**" });
    const author = await createUser(t, { name: "River Writer", alias: "Brook" });
    const piece = await createSubmission(t, author, { promptId: p.id, submissionType: "alias", content: "Water *moves* " + "word ".repeat(120) });
    t.deps.testClock!.set(new Date("2042-01-02T09:00:00Z"));

    const res = await t.json<{ submission: { id: string; isFeatured: boolean; featuredAt: string } }>(`/api/admin/submissions/${piece.id}/featured`, {
      method: "PUT",
      cookie: admin.cookie,
      json: { isFeatured: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.submission).toMatchObject({ id: piece.id, isFeatured: true });
    expect(res.body.submission.featuredAt).toMatch(/^2042-01-02T09:00:0/);
    const announced = await t.deps.db.select().from(events).where(eq(events.type, "piece:featured"));
    expect(announced.at(-1)!.payload).toEqual({ id: piece.id, isFeatured: true });

    const adminView = await t.json<Podium>("/api/admin/podium", { cookie: admin.cookie });
    expect(adminView.body.total).toBeGreaterThanOrEqual(1);
    expect(adminView.body.picks[0]).toMatchObject({ id: piece.id, authorLabel: "Brook", prompt: { text: "**LARGE:Rivers**" } });
    expect(adminView.body.picks[0]!.content).toContain("Water *moves*");

    const publicView = await t.json<Podium>("/api/podium");
    expect(publicView.status).toBe(200);
    const pick = publicView.body.picks.find((x) => x.id === piece.id)!;
    expect(pick).toMatchObject({ authorLabel: "Brook" });
    expect(pick.content).toBeUndefined();
    expect(pick.excerpt!.startsWith("Water moves")).toBe(true);
    expect(pick.excerpt!.length).toBeLessThanOrEqual(280);
    // An alias-signed pick never reveals who wrote it.
    expect(JSON.stringify(publicView.body)).not.toContain("River Writer");
    expect(JSON.stringify(publicView.body)).not.toContain(author.email);
    expect(JSON.stringify(publicView.body)).not.toContain(author.id);

    const off = await t.json<{ submission: { isFeatured: boolean; featuredAt: null } }>(`/api/admin/submissions/${piece.id}/featured`, {
      method: "PUT",
      cookie: admin.cookie,
      json: { isFeatured: false },
    });
    expect(off.body.submission).toMatchObject({ isFeatured: false, featuredAt: null });
    const after = await t.json<Podium>("/api/podium");
    expect(after.body.picks.some((x) => x.id === piece.id)).toBe(false);
  });

  it("orders the podium by when pieces were picked, newest first", async () => {
    const a = await createSubmission(t, writer);
    const b = await createSubmission(t, writer);
    t.deps.testClock!.set(new Date("2043-01-01T10:00:00Z"));
    await t.json(`/api/admin/submissions/${b.id}/featured`, { method: "PUT", cookie: admin.cookie, json: { isFeatured: true } });
    t.deps.testClock!.set(new Date("2043-01-01T11:00:00Z"));
    await t.json(`/api/admin/submissions/${a.id}/featured`, { method: "PUT", cookie: admin.cookie, json: { isFeatured: true } });
    const res = await t.json<Podium>("/api/podium");
    const ids = res.body.picks.map((x) => x.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(ids[0]).toBe(a.id);
  });

  it("repeating the same value changes nothing and announces nothing", async () => {
    const piece = await createSubmission(t, writer);
    await t.json(`/api/admin/submissions/${piece.id}/featured`, { method: "PUT", cookie: admin.cookie, json: { isFeatured: true } });
    const before = (await t.deps.db.select().from(events).where(eq(events.type, "piece:featured"))).length;
    const again = await t.json<Body>(`/api/admin/submissions/${piece.id}/featured`, { method: "PUT", cookie: admin.cookie, json: { isFeatured: true } });
    expect(again.status).toBe(200);
    expect((await t.deps.db.select().from(events).where(eq(events.type, "piece:featured"))).length).toBe(before);
  });

  it("refuses to feature a private piece with a clear 422 and leaves it unfeatured", async () => {
    const piece = await createSubmission(t, writer, { isPrivate: true });
    const res = await t.json<Body>(`/api/admin/submissions/${piece.id}/featured`, { method: "PUT", cookie: admin.cookie, json: { isFeatured: true } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "not_public", message: ADMIN_MESSAGES.featureOnlyPublic });
    const [row] = await t.deps.db.select({ f: submissions.isFeatured }).from(submissions).where(eq(submissions.id, piece.id));
    expect(row!.f).toBe(false);
  });

  it("answers 404 for a missing piece and 422 for a missing flag", async () => {
    const missing = await t.json<Body>(`/api/admin/submissions/${ZERO_UUID}/featured`, { method: "PUT", cookie: admin.cookie, json: { isFeatured: true } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(ADMIN_MESSAGES.pieceNotFound);
    const piece = await createSubmission(t, writer);
    const noFlag = await t.json<Body>(`/api/admin/submissions/${piece.id}/featured`, { method: "PUT", cookie: admin.cookie, json: { isFeatured: "yes" } });
    expect(noFlag.status).toBe(422);
    expect(noFlag.body.message).toBe(ADMIN_MESSAGES.featuredMustBeBoolean);
    // An id that is not a UUID names no piece: 404, as a missing one (it was a 422 before every route checked ids alike).
    const badId = await t.json<Body>(`/api/admin/submissions/not-a-uuid/featured`, { method: "PUT", cookie: admin.cookie, json: { isFeatured: true } });
    expect(badId.status).toBe(404);
    expect(badId.body.message).toBe(ADMIN_MESSAGES.pieceNotFound);
  });
});

type UserList = { users: { id: string; name: string; alias: string | null; email: string }[]; nextCursor: string | null };
type UserDetail = {
  user: { email: string; alias: string | null; location: string | null; age: number | null; createdAt: string };
  total: number;
  submissions: { id: string; isPrivate: boolean; title: string | null; content: string | null; wordCount: number; submissionType: string; prompt: { text: string } }[];
};

describe("user database", () => {
  it("searches name, alias and email, case-insensitively, treating % and _ literally", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const a = await createUser(t, { name: `Ada ${tag}Lovelace` });
    const b = await createUser(t, { name: "Someone", alias: `The ${tag.toUpperCase()} Pen` });
    const c = await createUser(t, { name: "Third", email: `${tag}.third@example.com` });
    const res = await t.json<UserList>(`/api/admin/users?q=${tag.toUpperCase()}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.users.map((u) => u.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(res.body.users.find((u) => u.id === b.id)).toMatchObject({ name: "Someone", alias: `The ${tag.toUpperCase()} Pen` });
    const percent = await t.json<UserList>(`/api/admin/users?q=${encodeURIComponent("%")}`, { cookie: admin.cookie });
    expect(percent.body.users).toEqual([]);
    const none = await t.json<UserList>(`/api/admin/users?q=nobody-by-this-name-${tag}`, { cookie: admin.cookie });
    expect(none.body.users).toEqual([]);
  });

  it("pages writers newest first without repeats", async () => {
    for (let i = 0; i < 8; i++) await createUser(t, { name: `Pager ${i}` });
    await t.deps.db.insert(users).values(
      Array.from({ length: ADMIN_USERS_PAGE_SIZE }, (_, i) => ({
        email: `bulk-${i}-${Date.now()}@example.com`,
        name: `Bulk ${i}`,
        createdAt: new Date(Date.parse("2020-01-01T00:00:00Z") + Math.floor(i / 3) * 1000),
      })),
    );
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { body: UserList } = await t.json<UserList>(`/api/admin/users${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, { cookie: admin.cookie });
      for (const u of page.body.users) {
        expect(seen.has(u.id)).toBe(false);
        seen.add(u.id);
      }
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    expect(seen.size).toBe(await t.deps.db.$count(users));
    expect(pages).toBeGreaterThan(1);
  });

  it("shows a writer's details and pieces; a private piece shows that it exists, never its words", async () => {
    const u = await createUser(t, { name: "Detail Writer", alias: "Quill" });
    await t.deps.db.update(users).set({ location: "Lisbon", age: 34 }).where(eq(users.id, u.id));
    const p = await createPrompt(t, { date: "2044-05-05", text: "A small prompt" });
    await createSubmission(t, u, { promptId: p.id, submissionType: "alias", content: "public words here", createdAt: new Date("2044-05-05T10:00:00Z") });
    await createSubmission(t, u, { promptId: p.id, isPrivate: true, title: "Secret title", content: "private words never shown", createdAt: new Date("2044-05-05T11:00:00Z") });
    const res = await t.json<UserDetail>(`/api/admin/users/${u.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: u.email, alias: "Quill", location: "Lisbon", age: 34 });
    expect(res.body.total).toBe(2);
    expect(res.body.submissions[0]).toMatchObject({ isPrivate: true, title: null, content: null, wordCount: 4, prompt: { text: "A small prompt" } });
    expect(res.body.submissions[1]).toMatchObject({ isPrivate: false, content: "public words here", submissionType: "alias" });
    expect(JSON.stringify(res.body)).not.toContain("private words");
    expect(JSON.stringify(res.body)).not.toContain("Secret title");
  });

  it("answers 404 for an unknown writer and 422 for an overlong search", async () => {
    const res = await t.json<Body>(`/api/admin/users/${ZERO_UUID}`, { cookie: admin.cookie });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(ADMIN_MESSAGES.userNotFound);
    const badId = await t.json<Body>(`/api/admin/users/not-a-uuid`, { cookie: admin.cookie });
    expect(badId.status).toBe(404);
    expect(badId.body.message).toBe(ADMIN_MESSAGES.userNotFound);
    const long = await t.json<Body>(`/api/admin/users?q=${"a".repeat(101)}`, { cookie: admin.cookie });
    expect(long.status).toBe(422);
    expect(long.body.message).toBe(ADMIN_MESSAGES.searchTooLong);
  });
});

describe("public podium page", () => {
  it("is readable by a visitor and has its own title, description and social tags", async () => {
    const res = await t.request("/podium");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Editors&#39; Picks · inkwell</title>");
    expect(html).toContain('<meta property="og:title" content="Editors&#39; Picks · inkwell">');
    expect(html).toContain('<meta property="og:url" content="http://localhost:3000/podium">');
    expect(html).toMatch(/<meta name="description" content="The pieces our editors picked/);
  });
});
