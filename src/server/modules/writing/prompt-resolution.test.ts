import { and, count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { EMERGENCY_PROMPT } from "#shared/constants.ts";
import { weekOf } from "#shared/domain/scheduler.ts";
import type { SubmissionResponse, TodayPromptResponse } from "#shared/schemas/writing.ts";
import { prompts } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createPrompt, createUser } from "#tests/factories.ts";
import { MIN, startSession, submit, type ErrorBody } from "./test-helpers.ts";

/*
 * Issue 11 item 1: whatever prompt /write shows a writer, wherever they are, is a stored prompt
 * they can publish against. Each test has its own database holding only the prompts it creates
 * (the seeded prompt removed), so "before every stored prompt" and "empty" mean what they say.
 */

const HONOLULU = "Pacific/Honolulu"; // UTC−10
const KIRITIMATI = "Pacific/Kiritimati"; // UTC+14
const WEEK = weekOf("2040-06-06"); // Sunday 2040-06-03 .. Saturday 2040-06-09

let app: TestApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** An app whose database holds no daily prompt, its clock at `at`. */
async function appWithoutPrompts(at: string): Promise<TestApp> {
  app = await createTestApp({ MIN_WRITING_SECONDS: String(MIN) });
  await app.deps.db.delete(prompts).where(eq(prompts.kind, "daily"));
  app.deps.testClock!.set(new Date(at));
  return app;
}

async function shownTo(a: TestApp, cookie: string | null, zone: string) {
  const res = await a.json<TodayPromptResponse>("/api/prompts/today", { cookie, headers: { "x-time-zone": zone } });
  expect(res.status).toBe(200);
  return res.body;
}

async function storedDailyPrompts(a: TestApp) {
  return a.deps.db.select({ id: prompts.id, date: prompts.date, text: prompts.text }).from(prompts).where(eq(prompts.kind, "daily"));
}

describe("the prompt /write shows, with only one week of prompts scheduled", () => {
  it.each([
    // First day: 05:00 UTC is 19:00 the day before in Honolulu, before every stored prompt.
    { day: "first", at: `${WEEK[0]}T05:00:00Z`, zone: HONOLULU, date: WEEK[0], source: "later" },
    { day: "first", at: `${WEEK[0]}T05:00:00Z`, zone: KIRITIMATI, date: WEEK[0], source: "today" },
    // Last day: 12:00 UTC is already the next day in Kiritimati, after every stored prompt.
    { day: "last", at: `${WEEK[6]}T12:00:00Z`, zone: HONOLULU, date: WEEK[6], source: "today" },
    { day: "last", at: `${WEEK[6]}T12:00:00Z`, zone: KIRITIMATI, date: WEEK[6], source: "earlier" },
  ])("on the week's $day day, a writer in $zone is shown a stored prompt and publishes against it", async ({ at, zone, date, source }) => {
    const a = await appWithoutPrompts(at);
    const week = await Promise.all(WEEK.map((d) => createPrompt(a, { date: d, text: `The prompt of ${d}` })));
    const writer = await createUser(a, { timeZone: zone });

    const shown = await shownTo(a, writer.cookie, zone);
    expect(shown.source).toBe(source);
    expect(shown.prompt).toMatchObject({ date, text: `The prompt of ${date}`, kind: "daily" });
    expect(week.map((p) => p.id)).toContain(shown.prompt.id);

    const published = await submit<SubmissionResponse>(a, writer, { promptId: shown.prompt.id, timeZone: zone, action: "publish" });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    expect(published.body.submission.promptId).toBe(shown.prompt.id);
  });

  it("publishes against the later prompt shown when writing started, though an earlier one was stored meanwhile", async () => {
    const a = await appWithoutPrompts(`${WEEK[0]}T05:00:00Z`);
    const [sunday] = await Promise.all(WEEK.slice(0, 2).map((d) => createPrompt(a, { date: d })));
    const writer = await createUser(a, { timeZone: HONOLULU });
    const shown = await shownTo(a, writer.cookie, HONOLULU);
    expect(shown).toMatchObject({ source: "later", prompt: { id: sunday!.id } });
    const session = await startSession(a, writer.cookie, HONOLULU);

    // While they write, an admin stores a prompt for the writer's own date.
    await createPrompt(a, { date: "2040-06-02" });
    a.deps.testClock!.advance(MIN * 1000);
    const res = await submit<SubmissionResponse>(a, writer, { promptId: sunday!.id, timeZone: HONOLULU, writingSession: session.token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it("still refuses a later prompt the writer is not shown", async () => {
    const a = await appWithoutPrompts(`${WEEK[0]}T05:00:00Z`);
    const [, monday] = await Promise.all(WEEK.slice(0, 2).map((d) => createPrompt(a, { date: d })));
    const writer = await createUser(a, { timeZone: HONOLULU });
    const res = await submit<ErrorBody>(a, writer, { promptId: monday!.id, timeZone: HONOLULU });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("No prompt available");
  });
});

describe("the prompt /write shows on an empty database", () => {
  it("is the emergency prompt, stored as the writer's date's prompt, and a publish against it succeeds", async () => {
    const a = await appWithoutPrompts(`${WEEK[0]}T05:00:00Z`);
    const writer = await createUser(a, { timeZone: HONOLULU });

    const shown = await shownTo(a, writer.cookie, HONOLULU);
    expect(shown.prompt).toMatchObject({ text: EMERGENCY_PROMPT, date: "2040-06-02", kind: "daily" });
    expect(await storedDailyPrompts(a)).toEqual([{ id: shown.prompt.id, date: "2040-06-02", text: EMERGENCY_PROMPT }]);

    const published = await submit<SubmissionResponse>(a, writer, { promptId: shown.prompt.id, timeZone: HONOLULU });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    // Asked again, the same stored prompt: nothing new is created.
    expect((await shownTo(a, writer.cookie, HONOLULU)).prompt.id).toBe(shown.prompt.id);
    expect(await storedDailyPrompts(a)).toHaveLength(1);
  });

  it("stores one prompt, not one per writer, when writers in different zones ask at once", async () => {
    const a = await appWithoutPrompts(`${WEEK[0]}T12:00:00Z`);
    const answers = await Promise.all([HONOLULU, KIRITIMATI, "UTC", HONOLULU, KIRITIMATI].map((zone) => shownTo(a, null, zone)));
    const ids = new Set(answers.map((r) => r.prompt.id));
    expect(ids.size).toBe(1);
    const [{ n } = { n: 0 }] = await a.deps.db.select({ n: count() }).from(prompts).where(and(eq(prompts.kind, "daily"), eq(prompts.text, EMERGENCY_PROMPT)));
    expect(n).toBe(1);
  });
});
