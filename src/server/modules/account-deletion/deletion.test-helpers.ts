import { expect } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, blocks, notificationPrefs, shareLinks, submissions } from "#server/db/schema/index.ts";
import type { TestApp } from "#tests/setup/app.ts";
import { createPrompt, createSubmission, createUser, type TestUser } from "#tests/factories.ts";

/*
 * A writer with a bit of everything the account holds, for the account-deletion tests: pieces of
 * every kind, a like and comments on another writer's piece (and that writer's on theirs), a report,
 * a block, email choices, a share link, moderation records naming them.
 */

let n = 0;

export interface Leaver {
  writer: TestUser;
  other: TestUser;
  /** The other writer's piece the leaver liked and commented on. */
  othersPiece: { id: string };
  /** Another piece of the other writer's the leaver liked and commented on, now in its writer's trash. */
  othersTrashed: string;
  publicPieces: string[];
  privatePiece: string;
}

export async function leaverWithEverything(t: TestApp, admin: TestUser): Promise<Leaver> {
  n += 1;
  const writer = await createUser(t, { name: `Wilhelmina Quist ${n}`, alias: `Quistling${n}`, confirmed: true });
  const other = await createUser(t, { name: `Other Writer ${n}`, confirmed: true });
  const promptId = (await createPrompt(t, { date: `2026-0${n}-10` })).id;
  const othersPiece = await createSubmission(t, other, { promptId });
  const named = await createSubmission(t, writer, { promptId, submissionType: "name" });
  const aliased = await createSubmission(t, writer, { promptId, submissionType: "alias" });
  const privatePiece = await createSubmission(t, writer, { promptId, isPrivate: true });
  // A public piece with a private version, and an idempotency key.
  await t.deps.db.update(submissions).set({ privateContent: "my private draft", privateWordCount: 3, privatePagesWritten: 0.01, idempotencyKey: `key-${writer.id}` }).where(eq(submissions.id, named.id));
  const ok = async (res: Promise<Response>) => {
    const r = await res;
    if (r.status >= 300) throw new Error(`${r.status} ${await r.text()}`);
  };
  await ok(t.request(`/api/community/pieces/${othersPiece.id}/like`, { method: "PUT", cookie: writer.cookie }));
  await ok(t.request(`/api/community/pieces/${othersPiece.id}/comments`, { json: { content: "Lovely, from the leaver" }, cookie: writer.cookie }));
  await ok(t.request(`/api/community/pieces/${named.id}/comments`, { json: { content: "My own note" }, cookie: writer.cookie }));
  await ok(t.request(`/api/community/pieces/${named.id}/like`, { method: "PUT", cookie: other.cookie }));
  await ok(t.request(`/api/community/pieces/${named.id}/comments`, { json: { content: "A reply from the other" }, cookie: other.cookie }));
  // In the trash: a piece of the leaver's own, and one of the other's with the leaver's like and comment.
  const ownTrashed = await createSubmission(t, writer, { promptId });
  await ok(t.request(`/api/submissions/${ownTrashed.id}`, { method: "DELETE", cookie: writer.cookie }));
  const othersTrashed = await createSubmission(t, other, { promptId });
  await ok(t.request(`/api/community/pieces/${othersTrashed.id}/like`, { method: "PUT", cookie: writer.cookie }));
  await ok(t.request(`/api/community/pieces/${othersTrashed.id}/comments`, { json: { content: "Kept in the trash" }, cookie: writer.cookie }));
  await ok(t.request(`/api/submissions/${othersTrashed.id}`, { method: "DELETE", cookie: other.cookie }));
  await ok(t.request("/api/reports", { json: { itemKind: "piece", itemId: othersPiece.id, reason: "spam" }, cookie: writer.cookie }));
  await t.deps.db.insert(blocks).values({ blockerId: other.id, blockedId: writer.id, sourceId: named.id, label: writer.name });
  await t.deps.db.insert(notificationPrefs).values({ userId: writer.id, reminderEnabled: true });
  await t.deps.db.insert(shareLinks).values({ submissionId: privatePiece.id, token: `tok-${writer.id}`, expiresAt: new Date(Date.now() + 86_400_000), createdBy: writer.id });
  await t.deps.db.insert(auditLog).values([
    { adminId: admin.id, action: "hide", itemKind: "piece", itemId: named.id, subjectWriterId: writer.id, reason: "Breaks the rules" },
    { adminId: writer.id, action: "hide", itemKind: "piece", itemId: othersPiece.id, subjectWriterId: other.id, reason: "Acted as admin" },
  ]);
  // A wrong password typed for the address: the sign-in guard counts it under the address.
  expect((await t.request("/api/auth/sign-in/email", { json: { email: writer.email, password: "not-the-password" } })).status).toBe(401);
  // A reset email queued (and sent) for the address: the job queue holds it.
  await ok(t.request("/api/auth/request-password-reset", { json: { email: writer.email, redirectTo: "/reset-password" } }));
  return { writer, other, othersPiece, othersTrashed: othersTrashed.id, publicPieces: [named.id, aliased.id], privatePiece: privatePiece.id };
}
