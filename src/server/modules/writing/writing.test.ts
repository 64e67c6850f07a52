import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EMERGENCY_PROMPT, FREEWRITE_PROMPT_TEXT } from "#shared/constants.ts";
import type { StreakResponse, SubmissionResponse, TodayPromptResponse, WritingSessionResponse } from "#shared/schemas/writing.ts";
import { events, submissions, userAchievements, spentWritingSessions } from "#server/db/schema/index.ts";
import { createTestApp, cookieFrom, type TestApp } from "#tests/setup/app.ts";
import { createPrompt, createUser, getUserRow, type TestUser } from "#tests/factories.ts";
import { issueWritingSession } from "./writing-session.ts";

const MIN = 5;
const SIGNATURE_REFUSED = "You can only sign with your registered name, your alias, or as Anonymous.";
type ErrorBody = { code: string; message: string };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MIN_WRITING_SECONDS: String(MIN) });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.deps.testClock!.reset();
});

const clock = () => t.deps.testClock!;

async function startSession(app: TestApp, cookie?: string | null): Promise<WritingSessionResponse> {
  const res = await app.json<WritingSessionResponse>("/api/writing-sessions", { method: "POST", json: {}, cookie: cookie ?? null });
  expect(res.status).toBe(201);
  return res.body;
}

interface SubmitOpts {
  content?: string;
  title?: string | null;
  promptId?: string | null;
  action?: "save" | "publish";
  signature?: string | null;
  page?: "write" | "freewrite";
  writingSession?: string;
  idempotencyKey?: string;
  timeZone?: string;
  /** Skip waiting out the writing time (to test the refusal). */
  noWait?: boolean;
}

/** A whole piece: session, the minimum writing time on the test clock, then save or publish. */
async function submit<T = SubmissionResponse>(app: TestApp, user: TestUser | null, opts: SubmitOpts = {}) {
  let token = opts.writingSession;
  if (token === undefined) {
    token = (await startSession(app, user?.cookie)).token;
    if (!opts.noWait) app.deps.testClock!.advance(app.deps.env.MIN_WRITING_SECONDS * 1000);
  }
  const promptId = opts.promptId === undefined ? (await createPrompt(app)).id : opts.promptId;
  return app.json<T>("/api/submissions", {
    method: "POST",
    cookie: user?.cookie ?? null,
    headers: opts.timeZone ? { "x-time-zone": opts.timeZone } : {},
    json: {
      content: opts.content ?? "Ten minutes of honest words.",
      title: opts.title ?? null,
      promptId,
      action: opts.action ?? "publish",
      signature: opts.signature === undefined ? "name" : opts.signature,
      page: opts.page ?? "write",
      writingSession: token,
      idempotencyKey: opts.idempotencyKey ?? crypto.randomUUID(),
    },
  });
}

async function piecesOf(userId: string): Promise<number> {
  const [row] = await t.deps.db.select({ n: count() }).from(submissions).where(eq(submissions.userId, userId));
  return row?.n ?? 0;
}

const words = (n: number) => Array.from({ length: n }, () => "a").join(" ");

describe("GET /api/prompts/today", () => {
  it("answers the prompt of the caller's own calendar date, for visitors too", async () => {
    clock().set(new Date("2031-05-10T02:00:00Z"));
    const may9 = await createPrompt(t, { date: "2031-05-09", text: "Ninth of May" });
    const may10 = await createPrompt(t, { date: "2031-05-10", text: "Tenth of May", author: "Mary" });

    const la = await t.json<TodayPromptResponse>("/api/prompts/today", { headers: { "x-time-zone": "America/Los_Angeles" } });
    expect(la.status).toBe(200);
    expect(la.body).toEqual({ prompt: { id: may9.id, text: "Ninth of May", date: "2031-05-09", author: null, kind: "daily" }, source: "today" });

    const tokyo = await t.json<TodayPromptResponse>("/api/prompts/today", { headers: { "x-time-zone": "Asia/Tokyo" } });
    expect(tokyo.body).toEqual({ prompt: { id: may10.id, text: "Tenth of May", date: "2031-05-10", author: "Mary", kind: "daily" }, source: "today" });
  });

  it("falls back to the latest prompt before the caller's date", async () => {
    clock().set(new Date("2032-01-10T12:00:00Z"));
    const earlier = await createPrompt(t, { date: "2032-01-07", text: "Three days ago" });
    await createPrompt(t, { date: "2032-01-20", text: "Not yet" });
    const res = await t.json<TodayPromptResponse>("/api/prompts/today", { headers: { "x-time-zone": "UTC" } });
    expect(res.body.source).toBe("earlier");
    expect(res.body.prompt.id).toBe(earlier.id);
  });

  it("answers the emergency prompt when no prompt exists on or before the date", async () => {
    clock().set(new Date("2001-01-01T12:00:00Z"));
    const res = await t.json<TodayPromptResponse>("/api/prompts/today");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ prompt: { id: null, text: EMERGENCY_PROMPT, date: null, author: null, kind: "daily" }, source: "emergency" });
  });
});

describe("GET /api/prompts/freewrite", () => {
  it("answers the single Freewrite Session prompt, even when requests race", async () => {
    const [a, b] = await Promise.all([
      t.json<{ prompt: { id: string; text: string; kind: string } }>("/api/prompts/freewrite"),
      t.json<{ prompt: { id: string; text: string; kind: string } }>("/api/prompts/freewrite"),
    ]);
    expect(a.status).toBe(200);
    expect(a.body.prompt).toMatchObject({ text: FREEWRITE_PROMPT_TEXT, kind: "freewrite", date: null });
    expect(b.body.prompt.id).toBe(a.body.prompt.id);
  });
});

describe("POST /api/writing-sessions", () => {
  it("starts a session for a visitor with the configured writing time", async () => {
    clock().set(new Date("2031-06-01T08:00:00Z"));
    const s = await startSession(t);
    expect(s).toMatchObject({ minSeconds: MIN, exempt: false });
    expect(Math.abs(Date.parse(s.startedAt) - Date.parse("2031-06-01T08:00:00Z"))).toBeLessThan(1000);
    expect(s.token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it("marks an admin's session as exempt", async () => {
    const admin = await createUser(t, { admin: true });
    expect((await startSession(t, admin.cookie)).exempt).toBe(true);
  });
});

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
    const session = await startSession(t, u.cookie);
    clock().advance(MIN * 1000);
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

describe("POST /api/submissions: the writing time", () => {
  it("refuses a session younger than MIN_WRITING_SECONDS, saying how much longer, and stores nothing", async () => {
    const u = await createUser(t);
    const session = await startSession(t, u.cookie);
    clock().advance(2000);
    const early = await submit<ErrorBody>(t, u, { writingSession: session.token, action: "save" });
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ code: "writing_time_not_met", message: "Keep writing: saving unlocks after 5 seconds of writing (0:03 to go)." });
    const publish = await submit<ErrorBody>(t, u, { writingSession: session.token, action: "publish" });
    expect(publish.body.message).toBe("Keep writing: publishing unlocks after 5 seconds of writing (0:03 to go).");
    expect(await piecesOf(u.id)).toBe(0);
    clock().advance(3000);
    const onTime = await submit(t, u, { writingSession: session.token, action: "save" });
    expect(onTime.status).toBe(201);
  });

  it("refuses forged and malformed tokens", async () => {
    const u = await createUser(t);
    const real = (await startSession(t, u.cookie)).token;
    clock().advance(MIN * 1000);
    const [payload, mac] = real.split(".") as [string, string];
    const data = JSON.parse(Buffer.from(payload, "base64url").toString()) as { s: number };
    const backdated = Buffer.from(JSON.stringify({ ...data, s: data.s - 3_600_000 })).toString("base64url");
    const foreign = issueWritingSession("another-secret-another-secret-another", new Date(Date.now() - 3_600_000)).token;
    for (const token of [`${backdated}.${mac}`, `${payload}.${mac.slice(0, -2)}xx`, "abc", "", "a.b.c", foreign]) {
      const res = await submit<ErrorBody>(t, u, { writingSession: token });
      expect(res.status, token).toBe(422);
      expect(res.body.code).toBe("invalid_writing_session");
    }
    expect(await piecesOf(u.id)).toBe(0);
  });

  it("exempts admins from the wait", async () => {
    const admin = await createUser(t, { admin: true });
    const fresh = await submit(t, admin, { noWait: true });
    expect(fresh.status).toBe(201);
  });

  it("spends a token: a replayed request with a new key creates nothing", async () => {
    const u = await createUser(t);
    const session = await startSession(t, u.cookie);
    clock().advance(MIN * 1000);
    const first = await submit(t, u, { writingSession: session.token });
    expect(first.status).toBe(201);
    const replay = await submit<ErrorBody>(t, u, { writingSession: session.token });
    expect(replay.status).toBe(422);
    expect(replay.body.code).toBe("writing_session_spent");
    expect(await piecesOf(u.id)).toBe(1);
    const spent = await t.deps.db.select().from(spentWritingSessions).where(eq(spentWritingSessions.submissionId, first.body.submission.id));
    expect(spent).toHaveLength(1);
  });
});

describe("POST /api/submissions: sessions collected in advance", () => {
  it("lets a batch of sessions minted together pay for one piece only", async () => {
    const u = await createUser(t);
    const sessions = [await startSession(t), await startSession(t), await startSession(t)];
    clock().advance(MIN * 1000);
    const first = await submit(t, u, { writingSession: sessions[0]!.token, action: "publish" });
    expect(first.status).toBe(201);
    const second = await submit<ErrorBody>(t, u, { writingSession: sessions[1]!.token, action: "publish" });
    expect(second.status).toBe(422);
    expect(second.body).toEqual({
      code: "writing_session_used_up",
      message: "This writing session was used up by your last piece. Keep writing: publishing unlocks after 5 seconds of writing.",
    });
    const third = await submit<ErrorBody>(t, u, { writingSession: sessions[2]!.token, action: "save" });
    expect(third.body.message).toBe("This writing session was used up by your last piece. Keep writing: saving unlocks after 5 seconds of writing.");
    expect(await piecesOf(u.id)).toBe(1);
    // A session started after that piece counts again.
    const next = await submit(t, u, { action: "save" });
    expect(next.status).toBe(201);
    expect(await piecesOf(u.id)).toBe(2);
  });

  it("refuses the second of two early sessions even when both arrive together", async () => {
    const u = await createUser(t);
    const a = await startSession(t);
    const b = await startSession(t);
    clock().advance(MIN * 1000);
    const prompt = await createPrompt(t);
    const [ra, rb] = await Promise.all([
      submit<ErrorBody>(t, u, { writingSession: a.token, promptId: prompt.id }),
      submit<ErrorBody>(t, u, { writingSession: b.token, promptId: prompt.id }),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([201, 422]);
    expect([ra.body.code, rb.body.code]).toContain("writing_session_used_up");
    expect(await piecesOf(u.id)).toBe(1);
  });

  it("refuses a session more than 24 hours old, and accepts one just under", async () => {
    const u = await createUser(t);
    const old = await startSession(t);
    const almost = await startSession(t);
    clock().advance(24 * 3600_000 + 1000);
    const refused = await submit<ErrorBody>(t, u, { writingSession: old.token, action: "save" });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      code: "writing_session_expired",
      message: "This writing session started more than 24 hours ago and has expired. Keep writing: saving unlocks after 5 seconds of writing in a new session.",
    });
    expect(await piecesOf(u.id)).toBe(0);
    const u2 = await createUser(t);
    clock().advance(-2000);
    const justUnder = await submit(t, u2, { writingSession: almost.token, action: "save" });
    expect(justUnder.status).toBe(201);
  });

  it("keeps admins exempt: their pieces need no fresh session", async () => {
    const admin = await createUser(t, { admin: true });
    const early = await startSession(t, admin.cookie);
    expect((await submit(t, admin, { writingSession: early.token, noWait: true })).status).toBe(201);
    expect((await submit(t, admin, { writingSession: early.token, noWait: true })).status).toBe(201);
  });

  it("limits how fast one client can mint sessions", async () => {
    const limited = await createTestApp({ MIN_WRITING_SECONDS: String(MIN), AUTH_RATE_LIMIT_SCALE: "1", TRUST_PROXY: "true" });
    try {
      const mint = (ip: string) => limited.request("/api/writing-sessions", { method: "POST", json: {}, headers: { "x-forwarded-for": ip } });
      for (let i = 0; i < 30; i++) expect((await mint("203.0.113.7")).status).toBe(201);
      const refused = await mint("203.0.113.7");
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as ErrorBody).code).toBe("rate_limited");
      expect((await mint("203.0.113.8")).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe("POST /api/submissions: idempotency", () => {
  it("answers a repeated request with the same piece and creates nothing", async () => {
    const u = await createUser(t);
    const session = await startSession(t, u.cookie);
    clock().advance(MIN * 1000);
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
    const session = await startSession(t, u.cookie);
    clock().advance(MIN * 1000);
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
    expect(await streakAfter("2033-03-05T10:00:00Z")).toEqual({ currentStreak: 1, longestStreak: 3 });
    const row = await getUserRow(t, u.id);
    expect(row).toMatchObject({ currentStreak: 1, longestStreak: 3, lastWriteDate: "2033-03-05" });

    at("2033-03-06T10:00:00Z");
    const tomorrow = await t.json<StreakResponse>("/api/me/streak", { cookie: u.cookie, headers: { "x-time-zone": "UTC" } });
    expect(tomorrow.body).toMatchObject({ currentStreak: 1, longestStreak: 3, lastWriteDate: "2033-03-05", totalDaysWritten: 4 });

    at("2033-03-07T10:00:00Z");
    const lapsed = await t.json<StreakResponse>("/api/me/streak", { cookie: u.cookie, headers: { "x-time-zone": "UTC" } });
    expect(lapsed.body).toEqual({
      currentStreak: 0,
      longestStreak: 3,
      lastWriteDate: "2033-03-05",
      totalDaysWritten: 4,
      pagesWrittenTotal: 0.1,
      forgivenessDayUsed: null,
    });
    const me = await t.json<{ user: { currentStreak: number; longestStreak: number } }>("/api/me", { cookie: u.cookie });
    expect(me.body.user).toMatchObject({ currentStreak: 0, longestStreak: 3 });
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

  it("refuses the streak read to visitors", async () => {
    const res = await t.json<ErrorBody>("/api/me/streak");
    expect(res.status).toBe(401);
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
    const streak = await t.json<StreakResponse>("/api/me/streak", { cookie: u.cookie });
    expect(streak.body.pagesWrittenTotal).toBe(465);
  });
});

describe("the real ten minutes (MIN_WRITING_SECONDS=600)", () => {
  let real: TestApp;
  beforeAll(async () => {
    real = await createTestApp({ MIN_WRITING_SECONDS: "600" });
  });
  afterAll(async () => {
    await real?.close();
  });

  it("refuses at 3:20 written and accepts at 10:00", async () => {
    const u = await createUser(real);
    const session = await startSession(real, u.cookie);
    expect(session.minSeconds).toBe(600);
    real.deps.testClock!.advance(200_000);
    const early = await submit<ErrorBody>(real, u, { writingSession: session.token, action: "save" });
    expect(early.status).toBe(422);
    expect(early.body.message).toBe("Keep writing: saving unlocks after 10 minutes of writing (6:40 to go).");
    real.deps.testClock!.advance(399_000);
    const oneSecondShort = await submit<ErrorBody>(real, u, { writingSession: session.token, action: "publish" });
    expect(oneSecondShort.body.message).toBe("Keep writing: publishing unlocks after 10 minutes of writing (0:01 to go).");
    real.deps.testClock!.advance(1000);
    const done = await submit(real, u, { writingSession: session.token, action: "publish" });
    expect(done.status).toBe(201);
  });

  it("lets an admin publish at once", async () => {
    const admin = await createUser(real, { admin: true });
    const res = await submit(real, admin, { noWait: true });
    expect(res.status).toBe(201);
  });

  it("keeps a visitor's minutes through sign-up", async () => {
    const session = await startSession(real, null);
    real.deps.testClock!.advance(600_000);
    const signUp = await real.request("/api/auth/sign-up/email", {
      json: { name: "New Writer", email: `new-${Date.now()}@example.com`, password: "a quiet room to write" },
    });
    const cookie = cookieFrom(signUp);
    const res = await submit(real, { id: "", email: "", name: "", alias: null, password: "", cookie }, { writingSession: session.token });
    expect(res.status).toBe(201);
  });
});
