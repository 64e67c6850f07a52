import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { ACCOUNT_DELETION_MESSAGES } from "#shared/schemas/account-deletion.ts";
import { DELETED_WRITER_EMAIL, DELETED_WRITER_ID } from "#server/db/deleted-writer.ts";
import { auditLog, submissions } from "#server/db/schema/index.ts";
import { createTestApp, readMails, type TestApp } from "#tests/setup/app.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { leaverWithEverything, type Leaver } from "./deletion.test-helpers.ts";
import { findTraces } from "./traces.test-helpers.ts";

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { name: "Mod Admin", admin: true, confirmed: true });
});
afterAll(async () => {
  await t?.close();
});

type Piece = { likeCount: number; commentCount: number };
const pieceOf = async (id: string) => (await t.json<{ piece: Piece & { author: { label: string } } }>(`/api/community/pieces/${id}`)).body.piece;
const commentsOf = async (id: string) => (await t.json<{ comments: { content: string; authorLabel: string }[] }>(`/api/community/pieces/${id}/comments`)).body.comments;

const restoreFromTrash = (leaver: Leaver) => t.request(`/api/me/trash/${leaver.othersTrashed}/restore`, { method: "POST", cookie: leaver.other.cookie });

async function deleteAndCheckNothingLeft(leaver: Leaver, choice: "delete" | "keep-anonymous") {
  const { writer } = leaver;
  // The mail queued so far (sign-up, reset) has gone out: its jobs hold the address.
  await readMails(t);
  const res = await t.json<{ message: string }>("/api/me/account/delete", { json: { password: writer.password, publicPieces: choice }, cookie: writer.cookie });
  expect(res).toEqual({ status: 200, body: { message: ACCOUNT_DELETION_MESSAGES.deleted } });
  // The confirmation went to the old address; once it is sent, nothing anywhere holds the writer.
  const mails = (await readMails(t)).filter((m) => m.to.includes(writer.email) && /has been deleted/.test(m.subject));
  expect(mails).toHaveLength(1);
  expect(await findTraces(t.deps.database, [writer.id, writer.email, writer.name, writer.alias!])).toEqual([]);
}

describe("deleting one's account", () => {
  it("keeps public pieces and comments as Anonymous under the shared deleted writer, holding nothing of the writer", async () => {
    const leaver = await leaverWithEverything(t, admin);
    const before = await pieceOf(leaver.othersPiece.id);
    await deleteAndCheckNothingLeft(leaver, "keep-anonymous");
    // The other writer's piece: the like comes off at once, the comment stays (as Anonymous).
    expect(await pieceOf(leaver.othersPiece.id)).toMatchObject({ likeCount: before.likeCount - 1, commentCount: before.commentCount });
    expect((await commentsOf(leaver.othersPiece.id)).map((c) => c.authorLabel)).toEqual(["Anonymous"]);
    const kept = await t.deps.db.select().from(submissions).where(inArray(submissions.id, leaver.publicPieces));
    expect(kept).toHaveLength(2);
    for (const p of kept) {
      expect(p).toMatchObject({ userId: DELETED_WRITER_ID, submissionType: "anonymous", authorAlias: null, authorStreak: null, privateContent: null, idempotencyKey: null });
      const shown = await pieceOf(p.id);
      expect(shown.author.label).toBe("Anonymous");
    }
    // The other writer's like and reply on the kept piece stay; the writer's own note reads Anonymous.
    const named = leaver.publicPieces[0]!;
    expect(await pieceOf(named)).toMatchObject({ likeCount: 1, commentCount: 2 });
    expect((await commentsOf(named)).map((c) => c.authorLabel)).toEqual(["Anonymous", "Other Writer 1"]);
    // A piece in its writer's trash comes back with the leaver's comment, as Anonymous, and without the like.
    expect((await restoreFromTrash(leaver)).status).toBe(200);
    expect(await pieceOf(leaver.othersTrashed)).toMatchObject({ likeCount: 0, commentCount: 1 });
    expect((await commentsOf(leaver.othersTrashed)).map((c) => [c.authorLabel, c.content])).toEqual([["Anonymous", "Kept in the trash"]]);
    // The private piece is gone.
    expect((await t.deps.db.select().from(submissions).where(eq(submissions.id, leaver.privatePiece))).length).toBe(0);
    // The audit record keeps the acts, not the person.
    const audit = await t.deps.db.select().from(auditLog).where(inArray(auditLog.itemId, [named, leaver.othersPiece.id]));
    expect(audit.map((a) => [a.adminId === DELETED_WRITER_ID, a.subjectWriterId === DELETED_WRITER_ID]).sort()).toEqual([
      [false, true],
      [true, false],
    ]);
  });

  it("deletes public pieces and comments for good, taking them off other writers' counts", async () => {
    const leaver = await leaverWithEverything(t, admin);
    const before = await pieceOf(leaver.othersPiece.id);
    await deleteAndCheckNothingLeft(leaver, "delete");
    expect(await pieceOf(leaver.othersPiece.id)).toMatchObject({ likeCount: before.likeCount - 1, commentCount: before.commentCount - 1 });
    expect(await commentsOf(leaver.othersPiece.id)).toEqual([]);
    const left = await t.deps.db.select().from(submissions).where(inArray(submissions.id, [...leaver.publicPieces, leaver.privatePiece]));
    expect(left).toEqual([]);
    expect((await t.json(`/api/community/pieces/${leaver.publicPieces[0]}`)).status).toBe(404);
    // A piece in its writer's trash comes back without the leaver's like and comment.
    expect((await restoreFromTrash(leaver)).status).toBe(200);
    expect(await pieceOf(leaver.othersTrashed)).toMatchObject({ likeCount: 0, commentCount: 0 });
    expect(await commentsOf(leaver.othersTrashed)).toEqual([]);
  });

  it("ends the writer's sessions at once, and the address can register again", async () => {
    const writer = await createUser(t, { name: "Leaving Soon" });
    const other = await t.request("/api/auth/sign-in/email", { json: { email: writer.email, password: writer.password } });
    const secondCookie = other.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    expect((await t.request("/api/me/account/delete", { json: { password: writer.password, publicPieces: "delete" }, cookie: writer.cookie })).status).toBe(200);
    for (const cookie of [writer.cookie, secondCookie]) {
      expect((await t.json("/api/me/account/deletion-preview", { cookie })).status).toBe(401);
      expect((await t.json<{ user: unknown }>("/api/me", { cookie })).body.user).toBeNull();
    }
    const again = await createUser(t, { email: writer.email, name: "Back Again" });
    expect(again.id).not.toBe(writer.id);
  });

  it("refuses a wrong password with a clear message and changes nothing", async () => {
    const writer = await createUser(t, { name: "Not Leaving" });
    const res = await t.json<{ message: string }>("/api/me/account/delete", { json: { password: "not my password", publicPieces: "delete" }, cookie: writer.cookie });
    expect(res).toMatchObject({ status: 422, body: { message: ACCOUNT_DELETION_MESSAGES.wrongPassword } });
    expect((await t.json<{ user: { id: string } }>("/api/me", { cookie: writer.cookie })).body.user.id).toBe(writer.id);
  });

  it("refuses bad input with 4xx and nothing changed", async () => {
    const writer = await createUser(t, { name: "Careless" });
    for (const json of [{}, { password: writer.password }, { password: writer.password, publicPieces: "sell" }, { password: "", publicPieces: "delete" }]) {
      const res = await t.json("/api/me/account/delete", { json, cookie: writer.cookie });
      expect(res.status).toBe(422);
    }
    expect((await t.json<{ user: { id: string } }>("/api/me", { cookie: writer.cookie })).body.user.id).toBe(writer.id);
  });

  it("the shared deleted writer exists once, can never sign in and is nobody to admins", async () => {
    const signIn = await t.request("/api/auth/sign-in/email", { json: { email: DELETED_WRITER_EMAIL, password: "anything at all 1" } });
    expect(signIn.status).toBe(401);
    const list = await t.json<{ users: { id: string }[] }>("/api/admin/users?q=anonymous", { cookie: admin.cookie });
    expect(list.body.users.map((u) => u.id)).not.toContain(DELETED_WRITER_ID);
    const all = await t.json<{ users: { id: string }[] }>("/api/admin/users?q=invalid", { cookie: admin.cookie });
    expect(all.body.users.map((u) => u.id)).not.toContain(DELETED_WRITER_ID);
    expect((await t.json(`/api/admin/users/${DELETED_WRITER_ID}`, { cookie: admin.cookie })).status).toBe(404);
    expect((await t.json(`/api/admin/users/${DELETED_WRITER_ID}/suspension`, { method: "PUT", json: { until: null, reason: "spam" }, cookie: admin.cookie })).status).toBe(404);
    expect((await t.json(`/api/admin/users/${DELETED_WRITER_ID}/hide-all`, { json: { reason: "spam" }, cookie: admin.cookie })).status).toBe(404);
  });
});
