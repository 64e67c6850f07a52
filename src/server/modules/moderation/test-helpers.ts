import { afterAll, beforeAll, expect } from "vitest";
import type { ReportItemKind, ReportReason } from "#shared/domain/moderation.ts";
import { submissionComments } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createPrompt, createSubmission, createUser, type TestUser } from "#tests/factories.ts";

/*
 * What the moderation API tests share: `t` (the file's app), a piece's `author`, a `reporter`,
 * a `bystander` and an `admin`, set before the file's first test.
 */

export let t: TestApp;
export let author: TestUser;
export let reporter: TestUser;
export let bystander: TestUser;
export let admin: TestUser;
export type Body = Record<string, unknown> & { code?: string; message?: string };

export function useModerationApp(overrides: Record<string, string> = {}): void {
  beforeAll(async () => {
    t = await createTestApp(overrides);
    [author, reporter, bystander, admin] = await Promise.all([
      createUser(t, { name: "Real Author Name", alias: "Quiet Fox" }),
      createUser(t, { name: "Reporting Reader" }),
      createUser(t, { name: "Bystander" }),
      createUser(t, { name: "Mod Admin", admin: true }),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });
}

let day = 0;
/** A public piece by `author` on a prompt of its own (so feeds of tests never mix). */
export async function newPiece(opts: { submissionType?: "name" | "alias" | "anonymous"; isFeatured?: boolean; by?: TestUser } = {}) {
  const prompt = await createPrompt(t, { date: `2002-01-${String((++day % 28) + 1).padStart(2, "0")}`.replace(/-01-/, `-${String(Math.ceil(day / 28)).padStart(2, "0")}-`) });
  return createSubmission(t, opts.by ?? author, { promptId: prompt.id, submissionType: opts.submissionType ?? "name", isFeatured: opts.isFeatured ?? false });
}

/** A comment through the API (as readers write them). */
export async function newComment(pieceId: string, by: TestUser = author, content = "A comment to look at"): Promise<string> {
  const res = await t.json<{ comment: { id: string } }>(`/api/community/pieces/${pieceId}/comments`, { json: { content }, cookie: by.cookie });
  expect(res.status).toBe(201);
  return res.body.comment.id;
}

export async function report(kind: ReportItemKind, id: string, by: TestUser | null = reporter, reason: ReportReason = "spam", note?: string) {
  return t.json<Body>("/api/reports", { json: { itemKind: kind, itemId: id, reason, note }, cookie: by?.cookie ?? null });
}

export async function act(action: "hide" | "restore" | "dismiss" | "delete", kind: ReportItemKind, id: string, by: TestUser | null = admin, reason = "Breaks the rules") {
  const path = action === "delete" ? `/api/admin/moderation/${kind}/${id}` : `/api/admin/moderation/${kind}/${id}/${action}`;
  return t.json<Body>(path, { method: action === "delete" ? "DELETE" : "POST", json: action === "hide" ? { reason } : undefined, cookie: by?.cookie ?? null });
}

export { submissionComments };
