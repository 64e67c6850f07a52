import { describe, expect, it } from "vitest";
import { BLOCK_MESSAGES, type BlockList } from "#shared/schemas/blocks.ts";
import { COMMUNITY_MESSAGES } from "#shared/schemas/community.ts";
import { createSubmission, createUser } from "#tests/factories.ts";
import { admin, other, ownPrompt, t, useCommunityApp, writer } from "../community/test-helpers.ts";

/* Blocks: the routes, who may do what, and what the answers never tell (issue 13 item 5). */

useCommunityApp();

type Created = { block: { id: string; label: string; createdAt: string }; message: string };
const block = (cookie: string | undefined, json: unknown) => t.json<Created & { code: string; message: string }>("/api/blocks", { json, cookie });

describe("POST, GET and DELETE /api/blocks", () => {
  it("asks a visitor to sign in on every route", async () => {
    const piece = await createSubmission(t, writer, { promptId: (await ownPrompt()).id });
    for (const [method, path] of [["GET", "/api/blocks"], ["POST", "/api/blocks"], ["DELETE", `/api/blocks/${piece.id}`]] as const) {
      const res = await t.json<{ message: string }>(path, { method, ...(method === "POST" ? { json: { pieceId: piece.id } } : {}) });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.message).toBe(BLOCK_MESSAGES.loginToBlock);
    }
  });

  it("blocks the writer of an anonymous piece by its label only, lists it to the blocker alone, and only the blocker unblocks", async () => {
    const hidden = await createUser(t, { name: "Hidden Hand", alias: "Nightjar" });
    const piece = await createSubmission(t, hidden, { promptId: (await ownPrompt()).id, submissionType: "anonymous" });
    const made = await block(writer.cookie, { pieceId: piece.id });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe("You won't see this writer's pieces or comments");
    expect(made.body.block.label).toBe("Anonymous");
    // Nothing in the answer names the writer.
    for (const secret of [hidden.id, hidden.name, hidden.email, "Nightjar"]) expect(JSON.stringify(made.body)).not.toContain(secret);
    // The same piece again is the same block.
    expect((await block(writer.cookie, { pieceId: piece.id })).body.block.id).toBe(made.body.block.id);

    const mine = await t.json<BlockList>("/api/blocks", { cookie: writer.cookie });
    expect(mine.body.items.map((b) => b.label)).toEqual(["Anonymous"]);
    expect(JSON.stringify(mine.body)).not.toContain(hidden.id);
    for (const u of [other, admin]) expect((await t.json<BlockList>("/api/blocks", { cookie: u.cookie })).body.items).toEqual([]);

    // Another writer and an admin cannot remove it: it is as missing as no block.
    for (const u of [other, admin]) {
      const res = await t.json<{ message: string }>(`/api/blocks/${made.body.block.id}`, { method: "DELETE", cookie: u.cookie });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(BLOCK_MESSAGES.blockNotFound);
    }
    const removed = await t.json<{ id: string }>(`/api/blocks/${made.body.block.id}`, { method: "DELETE", cookie: writer.cookie });
    expect(removed.status).toBe(200);
    expect((await t.json<BlockList>("/api/blocks", { cookie: writer.cookie })).body.items).toEqual([]);
    expect((await t.json(`/api/blocks/${made.body.block.id}`, { method: "DELETE", cookie: writer.cookie })).status).toBe(404);
  });

  it("blocks a commenter by the label their comment shows; an admin may block too", async () => {
    const commenter = await createUser(t, { name: "Loud Commenter", alias: "Echo" });
    const piece = await createSubmission(t, writer, { promptId: (await ownPrompt()).id });
    const posted = await t.json<{ comment: { id: string } }>(`/api/community/pieces/${piece.id}/comments`, { cookie: commenter.cookie, json: { content: "hm" } });
    const made = await block(admin.cookie, { commentId: posted.body.comment.id });
    expect(made.status).toBe(201);
    expect(made.body.block.label).toBe("Echo");
    expect(JSON.stringify(made.body)).not.toContain(commenter.id);
  });

  it("refuses one's own piece or comment, a missing or private piece, and bad input, and stores nothing", async () => {
    const p = await ownPrompt();
    const own = await createSubmission(t, other, { promptId: p.id });
    const privatePiece = await createSubmission(t, writer, { promptId: p.id, isPrivate: true });
    const comment = await t.json<{ comment: { id: string } }>(`/api/community/pieces/${own.id}/comments`, { cookie: other.cookie, json: { content: "mine" } });

    const cases: [unknown, number, string][] = [
      [{ pieceId: own.id }, 422, BLOCK_MESSAGES.ownPiece],
      [{ commentId: comment.body.comment.id }, 422, BLOCK_MESSAGES.ownComment],
      [{ pieceId: privatePiece.id }, 404, COMMUNITY_MESSAGES.pieceNotFound],
      [{ pieceId: "00000000-0000-4000-8000-000000000000" }, 404, COMMUNITY_MESSAGES.pieceNotFound],
      [{ commentId: "00000000-0000-4000-8000-000000000000" }, 404, COMMUNITY_MESSAGES.commentNotFound],
      [{ pieceId: "nope" }, 422, BLOCK_MESSAGES.nothingToBlock],
      [{ userId: writer.id }, 422, BLOCK_MESSAGES.nothingToBlock],
      [{}, 422, BLOCK_MESSAGES.nothingToBlock],
    ];
    for (const [json, status, message] of cases) {
      const res = await block(other.cookie, json);
      expect(res.status, JSON.stringify(json)).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect((await t.json<BlockList>("/api/blocks", { cookie: other.cookie })).body.items).toEqual([]);
    expect((await t.json("/api/blocks/not-a-uuid", { method: "DELETE", cookie: other.cookie })).status).toBe(404);
    expect((await t.json("/api/blocks?cursor=xyz", { cookie: other.cookie })).status).toBe(422);
  });

  it("keeps one entry per piece blocked, so two labels of one writer are never merged into one", async () => {
    const blocker = await createUser(t, { name: "Careful Reader" });
    const twoFaced = await createUser(t, { name: "Jane Plain", alias: "Masked" });
    const p = await ownPrompt();
    const anon = await createSubmission(t, twoFaced, { promptId: p.id, submissionType: "anonymous" });
    const named = await createSubmission(t, twoFaced, { promptId: p.id });
    const first = await block(blocker.cookie, { pieceId: anon.id });
    const second = await block(blocker.cookie, { pieceId: named.id });
    expect(second.status).toBe(201);
    expect(second.body.block.id).not.toBe(first.body.block.id);
    const list = (await t.json<BlockList>("/api/blocks", { cookie: blocker.cookie })).body;
    expect(list.items.map((b) => b.label).sort()).toEqual(["Anonymous", "Jane Plain"]);
  });
});
