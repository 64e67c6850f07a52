import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { CircleSummary, CreatedInvite, JoinedCircle } from "#shared/schemas/circles.ts";
import type { SubmissionResponse, WritingSessionResponse } from "#shared/schemas/writing.ts";
import { circleMembers, pieceCircles, submissions } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createPrompt, createUser, type TestUser } from "#tests/factories.ts";

/*
 * What the circles API test files share (issue 29). A file calls useCirclesApp() once: `t` is its
 * app (its own database), the test clock is reset after each test. Every test makes its own
 * writers and circles through the real routes (circleWithRoles), so no test leans on another's rows.
 */

export type ErrorBody = { code: string; message: string };
export const DAY_MS = 24 * 60 * 60 * 1000;

export let t: TestApp;

export function useCirclesApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => t.deps.testClock!.reset());
}

let seq = 0;
/** A confirmed writer (circles ask for a confirmed email to create or join). */
export const confirmedWriter = (name = `Circle Writer ${++seq}`, opts: { admin?: boolean; alias?: string } = {}) =>
  createUser(t, { name, confirmed: true, ...opts });

export type Caller = Pick<TestUser, "cookie"> | null;

/** Any request as `who` (a visitor when null), answered as JSON with the error body's fields typed too. */
export const call = <T = unknown>(who: Caller, method: string, path: string, json?: unknown) =>
  t.json<T & Partial<ErrorBody>>(path, { method, cookie: who?.cookie ?? null, ...(json !== undefined ? { json } : {}) });

export async function createCircle(owner: TestUser, name = `Circle ${++seq}`, extra: { description?: string; accent?: string } = {}): Promise<CircleSummary> {
  const res = await call<{ circle: CircleSummary }>(owner, "POST", "/api/circles", { name, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.circle;
}

export async function makeInvite(by: TestUser, slug: string, body: { days?: number; maxUses?: number | null } = {}): Promise<CreatedInvite> {
  const res = await call<CreatedInvite>(by, "POST", `/api/circles/${slug}/invites`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export const accept = (who: Caller, code: string) => call<JoinedCircle>(who, "POST", `/api/invites/${code}/accept`);

export async function join(who: TestUser, code: string): Promise<JoinedCircle> {
  const res = await accept(who, code);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export interface CircleCast {
  circle: CircleSummary;
  owner: TestUser;
  moderator: TestUser;
  member: TestUser;
  /** A confirmed writer in no circle of this test. */
  outsider: TestUser;
  /** An unlimited invite of the circle, made by its owner. */
  code: string;
}

/** A circle with an owner, a moderator (made by the owner) and a member, all joined through the real routes. */
export async function circleWithRoles(name?: string): Promise<CircleCast> {
  const [owner, moderator, member, outsider] = await Promise.all([confirmedWriter(), confirmedWriter(), confirmedWriter(), confirmedWriter()]);
  const circle = await createCircle(owner, name);
  const { code } = await makeInvite(owner, circle.slug);
  await join(moderator, code);
  await join(member, code);
  const promoted = await call(owner, "PATCH", `/api/circles/${circle.slug}/members/${moderator.id}`, { role: "moderator" });
  expect(promoted.status).toBe(200);
  return { circle: { ...circle, memberCount: 3 }, owner, moderator, member, outsider, code };
}

/** The member's role in the circle, read from the database (null: not a member). */
export async function roleIn(circleId: string, userId: string) {
  const [row] = await t.deps.db
    .select({ role: circleMembers.role })
    .from(circleMembers)
    .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)));
  return row?.role ?? null;
}

export interface PublishOpts {
  community?: boolean;
  circles?: string[];
  signature?: "name" | "alias" | "anonymous";
  content?: string;
  action?: "publish" | "save";
}

/** A piece written as the page does: a writing session, then POST /api/submissions with its audience. */
export async function publish(user: TestUser, opts: PublishOpts = {}) {
  const session = await t.json<WritingSessionResponse>("/api/writing-sessions", { method: "POST", json: {}, cookie: user.cookie });
  expect(session.status).toBe(201);
  t.deps.testClock!.advance(t.deps.env.MIN_WRITING_SECONDS * 1000);
  const prompt = await createPrompt(t);
  return t.json<SubmissionResponse & Partial<ErrorBody>>("/api/submissions", {
    method: "POST",
    cookie: user.cookie,
    json: {
      content: opts.content ?? `Words for my circle, number ${++seq}.`,
      title: null,
      promptId: prompt.id,
      action: opts.action ?? "publish",
      signature: opts.signature ?? "name",
      page: "write",
      writingSession: session.body.token,
      idempotencyKey: crypto.randomUUID(),
      ...(opts.community !== undefined ? { community: opts.community } : {}),
      ...(opts.circles !== undefined ? { circles: opts.circles } : {}),
    },
  });
}

/** publish(), expecting it to succeed: the new piece's id. */
export async function published(user: TestUser, opts: PublishOpts = {}): Promise<string> {
  const res = await publish(user, opts);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.submission.id;
}

export async function piecesOf(userId: string): Promise<number> {
  return (await t.deps.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.userId, userId))).length;
}

export async function circlesOfPiece(pieceId: string): Promise<string[]> {
  const rows = await t.deps.db.select({ id: pieceCircles.circleId }).from(pieceCircles).where(eq(pieceCircles.submissionId, pieceId));
  return rows.map((r) => r.id);
}
