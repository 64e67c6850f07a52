import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { spentWritingSessions } from "#server/db/schema/index.ts";
import { createTestApp, cookieFrom, type TestApp } from "#tests/setup/app.ts";
import { createPrompt, createUser } from "#tests/factories.ts";
import { issueWritingSession } from "./writing-session-token.ts";
import { MIN, clock, piecesOf, readySession, startSession, submit, t, useWritingApp, type ErrorBody } from "./test-helpers.ts";

useWritingApp();

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
    const real = (await readySession(u)).token;
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
    const session = await readySession(u);
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
    // Everything slow happens first: the test clock moves with real time, and the margin is a second.
    const [u, u2, prompt] = await Promise.all([createUser(t), createUser(t), createPrompt(t)]);
    const old = await startSession(t);
    const almost = await startSession(t);
    clock().advance(24 * 3600_000 + 1000);
    const refused = await submit<ErrorBody>(t, u, { writingSession: old.token, action: "save", promptId: prompt.id });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      code: "writing_session_expired",
      message: "This writing session started more than 24 hours ago and has expired. Keep writing: saving unlocks after 5 seconds of writing in a new session.",
    });
    expect(await piecesOf(u.id)).toBe(0);
    clock().set(new Date(Date.parse(almost.startedAt) + 24 * 3600_000 - 1000));
    const justUnder = await submit(t, u2, { writingSession: almost.token, action: "save", promptId: prompt.id });
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
    const res = await submit(real, { cookie }, { writingSession: session.token });
    expect(res.status).toBe(201);
  });
});
