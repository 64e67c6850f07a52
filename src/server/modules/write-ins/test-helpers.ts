import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { CircleSummary, CreatedInvite } from "#shared/schemas/circles.ts";
import type { JoinedWriteIn, ScheduledWriteIn, WriteInSummary } from "#shared/schemas/write-ins.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createUser, type TestUser } from "#tests/factories.ts";

/*
 * What the write-ins API test files share (issue 30). As circles/test-helpers.ts does for circles,
 * but a file may ask for its own settings (write-ins.session.test.ts wants a real writing time,
 * which circles' app sets to 0): useWriteInsApp(overrides) makes the file's app, `t` is it, and the
 * test clock is reset after each test. Every test makes its own writers, circles and write-ins
 * through the real routes, so no test leans on another's rows.
 */

export type ErrorBody = { code: string; message: string };
export const MINUTE = 60_000;
export const DAY_MS = 24 * 60 * MINUTE;

export let t: TestApp;

export function useWriteInsApp(overrides: Record<string, string> = {}): void {
  beforeAll(async () => {
    t = await createTestApp(overrides);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => t.deps.testClock!.reset());
}

export const clock = () => t.deps.testClock!;
export const now = () => t.deps.clock.now().getTime();
/** Moves the server's clock to the instant `ms` (it runs on from there with real time). */
export const setClock = (ms: number) => clock().set(new Date(ms));

let seq = 0;
export const confirmedWriter = (name = `Write-in Writer ${++seq}`, opts: { admin?: boolean; alias?: string } = {}) =>
  createUser(t, { name, confirmed: true, ...opts });

export type Caller = Pick<TestUser, "cookie"> | null;

/** Any request as `who` (a visitor when null), answered as JSON with the error body's fields typed too. */
export const call = <T = unknown>(who: Caller, method: string, path: string, json?: unknown, headers?: Record<string, string>) =>
  t.json<T & Partial<ErrorBody>>(path, { method, cookie: who?.cookie ?? null, ...(json !== undefined ? { json } : {}), ...(headers ? { headers } : {}) });

export interface CircleCast {
  circle: CircleSummary;
  owner: TestUser;
  moderator: TestUser;
  member: TestUser;
  /** A confirmed writer in no circle of this test. */
  outsider: TestUser;
  code: string;
}

/** A circle with an owner, a moderator and a member, all joined through the real routes. */
export async function circleWithRoles(): Promise<CircleCast> {
  const [owner, moderator, member, outsider] = await Promise.all([confirmedWriter(), confirmedWriter(), confirmedWriter(), confirmedWriter()]);
  const made = await call<{ circle: CircleSummary }>(owner, "POST", "/api/circles", { name: `Write-in Circle ${++seq}` });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const invite = await call<CreatedInvite>(owner, "POST", `/api/circles/${made.body.circle.slug}/invites`, {});
  expect(invite.status).toBe(201);
  const { code } = invite.body;
  for (const who of [moderator, member]) expect((await call(who, "POST", `/api/invites/${code}/accept`)).status).toBe(200);
  const promoted = await call(owner, "PATCH", `/api/circles/${made.body.circle.slug}/members/${moderator.id}`, { role: "moderator" });
  expect(promoted.status).toBe(200);
  return { circle: made.body.circle, owner, moderator, member, outsider, code };
}

/** A start on a whole minute, `ms` from the server's now. */
export const startIn = (ms: number) => new Date(Math.ceil((now() + ms) / MINUTE) * MINUTE).toISOString();

/** A schedule body: a single 20-minute write-in an hour from now, for the community unless `circle` says which. */
export const writeInBody = (extra: Record<string, unknown> = {}) => ({ title: "Evening write-in", startsAt: startIn(60 * MINUTE), lengthMinutes: 20, ...extra });

/** Schedules through the route, expecting 201. */
export async function schedule(by: Caller, extra: Record<string, unknown> = {}): Promise<ScheduledWriteIn> {
  const res = await call<ScheduledWriteIn>(by, "POST", "/api/write-ins", writeInBody(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export const startOf = (w: Pick<WriteInSummary, "startsAt">) => Date.parse(w.startsAt);
export const endOf = (w: Pick<WriteInSummary, "endsAt">) => Date.parse(w.endsAt);

/** Joins through the route, expecting 200. */
export async function joined(who: Caller, id: string, signature?: "name" | "alias" | "anonymous"): Promise<JoinedWriteIn> {
  const res = await call<JoinedWriteIn>(who, "POST", `/api/write-ins/${id}/join`, signature ? { signature } : {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A count through the route (the answer as it comes). */
export const count = (who: Caller, id: string, words: number) => call<{ words: number; now: number }>(who, "POST", `/api/write-ins/${id}/count`, { words });
