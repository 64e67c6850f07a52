import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { SubmissionInput, SubmissionResponse, WritingSessionResponse } from "#shared/schemas/writing.ts";
import { submissions } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createPrompt, type TestUser } from "#tests/factories.ts";

/*
 * What every writing test file shares: its own app with a short writing time (MIN seconds),
 * and the calls that write a piece the way the page does. `t` is a live binding set by
 * useWritingApp()'s beforeAll.
 */

export const MIN = 5;
export type ErrorBody = { code: string; message: string };

export let t: TestApp;

/** Registers this file's hooks: one app for the file, the test clock reset before each test. */
export function useWritingApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ MIN_WRITING_SECONDS: String(MIN) });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    t.deps.testClock!.reset();
  });
}

export const clock = () => t.deps.testClock!;

export async function startSession(app: TestApp, cookie?: string | null, timeZone?: string): Promise<WritingSessionResponse> {
  const headers: Record<string, string> = timeZone ? { "x-time-zone": timeZone } : {};
  const res = await app.json<WritingSessionResponse>("/api/writing-sessions", { method: "POST", json: {}, cookie: cookie ?? null, headers });
  expect(res.status).toBe(201);
  return res.body;
}

/** A session of `user` whose writing time is already met (the test clock moved on). */
export async function readySession(user: TestUser): Promise<WritingSessionResponse> {
  const session = await startSession(t, user.cookie);
  clock().advance(MIN * 1000);
  return session;
}

/** Any field of the request body, plus the caller's time zone and whether to wait out the writing time. */
export type SubmitOpts = Partial<SubmissionInput> & {
  timeZone?: string;
  /** Skip waiting out the writing time (to test the refusal). */
  noWait?: boolean;
};

/** A whole piece: session, the minimum writing time on the test clock, then save or publish. */
export async function submit<T = SubmissionResponse>(app: TestApp, user: Pick<TestUser, "cookie"> | null, opts: SubmitOpts = {}) {
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
      ...(opts.contentWarning !== undefined ? { contentWarning: opts.contentWarning } : {}),
    },
  });
}

export async function piecesOf(userId: string): Promise<number> {
  const [row] = await t.deps.db.select({ n: count() }).from(submissions).where(eq(submissions.userId, userId));
  return row?.n ?? 0;
}

/** A text of `n` words. */
export const words = (n: number) => Array.from({ length: n }, () => "a").join(" ");
