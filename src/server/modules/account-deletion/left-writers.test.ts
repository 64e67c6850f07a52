import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETED_WRITER_ID } from "#server/db/deleted-writer.ts";
import { notifications } from "#server/db/schema/index.ts";
import { BLOCK_MESSAGES } from "#shared/schemas/blocks.ts";
import type { CommunityFeedPage } from "#shared/schemas/community.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createPrompt, createSubmission, createUser, type TestUser } from "#tests/factories.ts";

/*
 * Several writers who left keeping their pieces as Anonymous all sit behind the one shared
 * deleted writer (issue 15 item 5): nothing may treat them as one person — no "writer" badge on
 * one leaver's comment under another's piece, no block of one that hides them all.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const leave = async (w: TestUser) =>
  expect((await t.request("/api/me/account/delete", { json: { password: w.password, publicPieces: "keep-anonymous" }, cookie: w.cookie })).status).toBe(200);

describe("writers who left, kept as Anonymous", () => {
  it("are not one writer: no writer badge on another leaver's comment, and no block that hides them all", async () => {
    const promptId = (await createPrompt(t, { date: "2026-05-10" })).id;
    const [a, b, reader] = [await createUser(t, { confirmed: true }), await createUser(t, { confirmed: true }), await createUser(t, { confirmed: true })];
    const aPiece = await createSubmission(t, a, { promptId });
    const bPiece = await createSubmission(t, b, { promptId });
    expect((await t.request(`/api/community/pieces/${bPiece.id}/comments`, { json: { content: "From A, on B's piece" }, cookie: a.cookie })).status).toBe(201);
    await leave(a);
    await leave(b);

    const comments = await t.json<{ comments: { content: string; byWriter: boolean }[] }>(`/api/community/pieces/${bPiece.id}/comments`);
    expect(comments.body.comments.map((c) => [c.content, c.byWriter])).toEqual([["From A, on B's piece", false]]);

    const block = await t.json<{ message: string }>("/api/blocks", { json: { pieceId: aPiece.id }, cookie: reader.cookie });
    expect(block.status).toBe(422);
    expect(block.body.message).toBe(BLOCK_MESSAGES.leftWriter);
    const feed = await t.json<CommunityFeedPage>("/api/community/feed", { cookie: reader.cookie });
    expect(feed.body.items.map((p) => p.id)).toEqual(expect.arrayContaining([aPiece.id, bPiece.id]));
  });

  it("a comment told under an alias the writer has since changed reads Anonymous in the told writer's notifications", async () => {
    const [leaver, told] = [await createUser(t, { confirmed: true, alias: "Moth" }), await createUser(t, { confirmed: true })];
    const piece = await createSubmission(t, told);
    expect((await t.request(`/api/community/pieces/${piece.id}/comments`, { json: { content: "As Moth" }, cookie: leaver.cookie })).status).toBe(201);
    expect((await t.request("/api/me/profile", { method: "PATCH", json: { name: leaver.name, alias: "Finch" }, cookie: leaver.cookie })).status).toBe(200);
    await leave(leaver);
    const list = await t.json<{ items: { message: string }[] }>("/api/notifications", { cookie: told.cookie });
    expect(list.body.items.map((n) => n.message).join(" | ")).not.toMatch(/Moth|Finch/);
    expect(list.body.items.some((n) => n.message.startsWith("Anonymous"))).toBe(true);
  });

  it("a comment deleted before leaving takes its \"X commented\" with it: nothing of the name is left", async () => {
    const [leaver, told] = [await createUser(t, { confirmed: true, name: "Ada Quillfeather" }), await createUser(t, { confirmed: true })];
    const piece = await createSubmission(t, told);
    const res = await t.json<{ comment: { id: string } }>(`/api/community/pieces/${piece.id}/comments`, { json: { content: "Said, then unsaid" }, cookie: leaver.cookie });
    expect(res.status).toBe(201);
    expect((await t.request(`/api/community/comments/${res.body.comment.id}`, { method: "DELETE", cookie: leaver.cookie })).status).toBe(200);
    await leave(leaver);
    const list = await t.json<{ items: { message: string }[] }>("/api/notifications", { cookie: told.cookie });
    expect(list.body.items.map((n) => n.message).join(" | ")).not.toContain("Quillfeather");
  });

  it("the deleted writer is told nothing: comments and likes on kept pieces notify no one", async () => {
    const [leaver, reader] = [await createUser(t, { confirmed: true }), await createUser(t, { confirmed: true })];
    const kept = await createSubmission(t, leaver);
    await leave(leaver);
    expect((await t.request(`/api/community/pieces/${kept.id}/comments`, { json: { content: "Still reading you" }, cookie: reader.cookie })).status).toBe(201);
    expect((await t.request(`/api/community/pieces/${kept.id}/like`, { method: "PUT", cookie: reader.cookie })).status).toBe(200);
    const told = await t.deps.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, DELETED_WRITER_ID));
    expect(told[0]?.n).toBe(0);
  });
});
