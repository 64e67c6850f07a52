import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, submissions } from "#server/db/schema/index.ts";
import { createPrompt, createUser } from "#tests/factories.ts";

const SIGNATURE_REFUSED = "You can only sign with your registered name, your alias, or as Anonymous.";
import { MIN, clock, piecesOf, readySession, startSession, submit, t, useWritingApp, words, type ErrorBody } from "./test-helpers.ts";

useWritingApp();

describe("POST /api/submissions: who may write", () => {
  it("refuses visitors with the spec's words for publish and for save, and stores nothing", async () => {
    const before = await t.deps.db.select({ n: count() }).from(submissions);
    const publish = await submit<ErrorBody>(t, null, { action: "publish" });
    expect(publish.status).toBe(401);
    expect(publish.body.message).toBe("You must be logged in to submit writing");
    const save = await submit<ErrorBody>(t, null, { action: "save" });
    expect(save.status).toBe(401);
    expect(save.body.message).toBe("You must be logged in to save writing");
    const after = await t.deps.db.select({ n: count() }).from(submissions);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("accepts a session a visitor started before signing up (the signed-out detour)", async () => {
    const visitorSession = await startSession(t, null);
    clock().advance(MIN * 1000);
    const writer = await createUser(t);
    const res = await submit(t, writer, { writingSession: visitorSession.token, action: "publish", signature: "anonymous" });
    expect(res.status).toBe(201);
  });
});

describe("POST /api/submissions: the piece", () => {
  it("saves privately: is_private, signed by name whatever was asked, trimmed content and title", async () => {
    const u = await createUser(t);
    const res = await submit(t, u, { action: "save", signature: "anonymous", content: "  \n Kept for me. \n ", title: "  A title  " });
    expect(res.status).toBe(201);
    expect(res.body.submission).toMatchObject({ content: "Kept for me.", title: "A title", isPrivate: true, submissionType: "name", wordCount: 3 });
    const [row] = await t.deps.db.select().from(submissions).where(eq(submissions.id, res.body.submission.id));
    expect(row).toMatchObject({ isPrivate: true, submissionType: "name", content: "Kept for me.", title: "A title" });
  });

  it("publishes publicly and announces it on the live feed", async () => {
    const u = await createUser(t);
    const res = await submit(t, u, { action: "publish", signature: "name" });
    expect(res.status).toBe(201);
    expect(res.body.submission).toMatchObject({ isPrivate: false, submissionType: "name" });
    const announced = await t.deps.db
      .select()
      .from(events)
      .where(and(eq(events.type, "piece:published"), sql`${events.payload}->>'id' = ${res.body.submission.id}`));
    expect(announced).toHaveLength(1);
    expect(announced[0]!.payload).toEqual({ id: res.body.submission.id, promptId: res.body.submission.promptId });
  });

  it("does not announce a private save", async () => {
    const u = await createUser(t);
    const res = await submit(t, u, { action: "save" });
    const announced = await t.deps.db.select().from(events).where(sql`${events.payload}->>'id' = ${res.body.submission.id}`);
    expect(announced).toHaveLength(0);
  });

  it("turns an empty or blank title into null", async () => {
    const u = await createUser(t);
    expect((await submit(t, u, { title: "   " })).body.submission.title).toBeNull();
    expect((await submit(t, u, { title: "" })).body.submission.title).toBeNull();
  });

  it("counts words as whitespace-separated tokens and pages as words/250 to two decimals", async () => {
    const u = await createUser(t);
    const a = await submit(t, u, { content: words(251) });
    expect(a.body.submission).toMatchObject({ wordCount: 251, pagesWritten: 1 });
    const b = await submit(t, u, { content: `one\ttwo\n\nthree   four ${words(96)}` });
    expect(b.body.submission).toMatchObject({ wordCount: 100, pagesWritten: 0.4 });
    const c = await submit(t, u, { content: words(249) });
    expect(c.body.submission.pagesWritten).toBe(1);
    const d = await submit(t, u, { content: words(3) });
    expect(d.body.submission.pagesWritten).toBe(0.01);
  });

  it("stores the writer's own local date", async () => {
    clock().set(new Date("2031-07-01T23:30:00Z"));
    await createPrompt(t, { date: "2031-07-01" });
    const u = await createUser(t);
    const res = await submit(t, u, { timeZone: "Asia/Tokyo" });
    const [row] = await t.deps.db.select({ localDate: submissions.localDate }).from(submissions).where(eq(submissions.id, res.body.submission.id));
    expect(row!.localDate).toBe("2031-07-02");
  });
});

describe("POST /api/submissions: refusals leave nothing behind", () => {
  it("refuses blank content with the spec's message", async () => {
    const u = await createUser(t);
    const save = await submit<ErrorBody>(t, u, { action: "save", content: "  \n\t " });
    expect(save.status).toBe(422);
    expect(save.body.message).toBe("Please write something before saving");
    const publish = await submit<ErrorBody>(t, u, { action: "publish", content: "" });
    expect(publish.status).toBe(422);
    expect(publish.body.message).toBe("Please write something before publishing");
    expect(await piecesOf(u.id)).toBe(0);
  });

  it("refuses a missing, unknown, malformed or future prompt with \"No prompt available\"", async () => {
    const u = await createUser(t);
    const future = await createPrompt(t, { date: "2099-12-31" });
    for (const promptId of [null, crypto.randomUUID(), "not-a-uuid", future.id]) {
      const res = await submit<ErrorBody>(t, u, { promptId });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("No prompt available");
    }
    expect(await piecesOf(u.id)).toBe(0);
  });

  it("refuses a signature other than name, alias or anonymous on /write", async () => {
    const u = await createUser(t, { alias: null });
    for (const signature of ["alias", "Lord Byron", "published"]) {
      const res = await submit<ErrorBody>(t, u, { signature, page: "write" });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(SIGNATURE_REFUSED);
    }
    expect(await piecesOf(u.id)).toBe(0);
  });

  it("refuses too long a piece or title", async () => {
    const u = await createUser(t);
    expect((await submit<ErrorBody>(t, u, { content: "a".repeat(200_001) })).status).toBe(422);
    const title = await submit<ErrorBody>(t, u, { title: "t".repeat(201) });
    expect(title.status).toBe(422);
    expect(title.body.message).toBe("A title can be at most 200 characters");
    expect(await piecesOf(u.id)).toBe(0);
  });

  it("refuses a request without an idempotency key", async () => {
    const u = await createUser(t);
    const session = await readySession(u);
    const prompt = await createPrompt(t);
    const res = await t.json<ErrorBody>("/api/submissions", {
      cookie: u.cookie,
      json: { content: "words", promptId: prompt.id, action: "save", page: "write", writingSession: session.token },
    });
    expect(res.status).toBe(422);
    expect(await piecesOf(u.id)).toBe(0);
  });
});

describe("POST /api/submissions: signatures", () => {
  it("signs with the alias only when the writer has one, anonymous when empty", async () => {
    const u = await createUser(t, { alias: "Quill" });
    expect((await submit(t, u, { signature: "alias" })).body.submission.submissionType).toBe("alias");
    expect((await submit(t, u, { signature: "anonymous" })).body.submission.submissionType).toBe("anonymous");
    expect((await submit(t, u, { signature: "" })).body.submission.submissionType).toBe("anonymous");
    expect((await submit(t, u, { signature: null })).body.submission.submissionType).toBe("anonymous");
  });

  it("falls back to anonymous on /freewrite", async () => {
    const u = await createUser(t, { alias: null });
    const free = await t.json<{ prompt: { id: string } }>("/api/prompts/freewrite");
    const res = await submit(t, u, { page: "freewrite", promptId: free.body.prompt.id, signature: "alias" });
    expect(res.status).toBe(201);
    expect(res.body.submission.submissionType).toBe("anonymous");
    const other = await submit(t, u, { page: "freewrite", promptId: free.body.prompt.id, signature: "Someone Famous" });
    expect(other.body.submission.submissionType).toBe("anonymous");
  });
});

describe("POST /api/submissions: idempotency", () => {
  it("answers a repeated request with the same piece and creates nothing", async () => {
    const u = await createUser(t);
    const session = await readySession(u);
    const key = crypto.randomUUID();
    const first = await submit(t, u, { writingSession: session.token, idempotencyKey: key });
    const again = await submit(t, u, { writingSession: session.token, idempotencyKey: key, promptId: first.body.submission.promptId });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.submission.id).toBe(first.body.submission.id);
    expect(await piecesOf(u.id)).toBe(1);
  });

  it("creates one piece when two identical publishes arrive together", async () => {
    const u = await createUser(t);
    const session = await readySession(u);
    const prompt = await createPrompt(t);
    const opts = { writingSession: session.token, idempotencyKey: crypto.randomUUID(), promptId: prompt.id, action: "publish" as const };
    const [a, b] = await Promise.all([submit(t, u, opts), submit(t, u, opts)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.submission.id).toBe(b.body.submission.id);
    expect(await piecesOf(u.id)).toBe(1);
    const announced = await t.deps.db.select().from(events).where(sql`${events.payload}->>'id' = ${a.body.submission.id}`);
    expect(announced).toHaveLength(1);
  });
});
