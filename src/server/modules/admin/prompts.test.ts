import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN_PROMPTS_PAGE_SIZE } from "#shared/constants.ts";
import { addDays } from "#shared/domain/dates.ts";
import { ADMIN_MESSAGES } from "#shared/schemas/admin.ts";
import { prompts } from "#server/db/schema/index.ts";
import { createPrompt, createSubmission, createUser, freewritePrompt } from "#tests/factories.ts";
import { admin, setupAdminTests, t, writer, ZERO_UUID, type Body } from "./admin.test-setup.ts";

setupAdminTests();

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
