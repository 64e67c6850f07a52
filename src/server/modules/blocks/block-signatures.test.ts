import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CommentList } from "#shared/schemas/community.ts";
import { createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import { feed, insertPieces, minutesAgo, ownPrompt, t, useCommunityApp } from "../community/test-helpers.ts";

/*
 * A block covers one signature of its writer (review finding 1 of issue 13): what the same writer
 * signs otherwise stays in the blocker's view, or the block would tell who is behind it.
 */

useCommunityApp();

const blockPiece = async (blocker: TestUser, pieceId: string) =>
  expect((await t.json("/api/blocks", { cookie: blocker.cookie, json: { pieceId } })).status).toBe(201);
const comments = async (pieceId: string, cookie: string) =>
  (await t.json<CommentList>(`/api/community/pieces/${pieceId}/comments`, { cookie })).body.comments.map((c) => c.content);
const feedIds = async (promptId: string, cookie: string) => (await feed({ prompt: promptId }, cookie)).items.map((i) => i.id).sort();

describe("a block's signature", () => {
  it("blocking an anonymous piece leaves the same writer's named pieces and comments in view", async () => {
    const blocker = await createUser(t, { name: "Anon Blocker" });
    const twoFaced = await createUser(t, { name: "Named Person" });
    const p = await ownPrompt();
    const [anon, anon2, named] = await insertPieces([
      { user: twoFaced, promptId: p.id, createdAt: minutesAgo(5), submissionType: "anonymous" },
      { user: twoFaced, promptId: p.id, createdAt: minutesAgo(4), submissionType: "anonymous" },
      { user: twoFaced, promptId: p.id, createdAt: minutesAgo(3), submissionType: "name" },
    ]);
    const blockersPiece = await createSubmission(t, blocker, { promptId: p.id });
    await t.json(`/api/community/pieces/${blockersPiece.id}/comments`, { cookie: twoFaced.cookie, json: { content: "named comment" } });
    await t.json(`/api/community/pieces/${anon}/comments`, { cookie: twoFaced.cookie, json: { content: "anonymous reply" } });

    await blockPiece(blocker, anon!);
    expect(await feedIds(p.id, blocker.cookie)).toEqual([named!, blockersPiece.id].sort());
    expect(anon2).toBeDefined();
    expect(await comments(blockersPiece.id, blocker.cookie)).toEqual(["named comment"]);
    // The writer's own answer on their anonymous piece is signed "Anonymous": it goes with the block.
    expect(await comments(anon!, blocker.cookie)).toEqual([]);
  });

  it("blocking a named piece leaves the same writer's anonymous and alias pieces in view; an alias block only that alias", async () => {
    const blocker = await createUser(t, { name: "Name Blocker" });
    const twoFaced = await createUser(t, { name: "Open Person", alias: "Sparrow" });
    const p = await ownPrompt();
    const [named, anon, sparrow, finch] = await insertPieces([
      { user: twoFaced, promptId: p.id, createdAt: minutesAgo(5), submissionType: "name" },
      { user: twoFaced, promptId: p.id, createdAt: minutesAgo(4), submissionType: "anonymous" },
      { user: twoFaced, promptId: p.id, createdAt: minutesAgo(3), submissionType: "alias" },
      { user: twoFaced, promptId: p.id, createdAt: minutesAgo(2), submissionType: "alias" },
    ]);
    await t.deps.db.execute(sql`update submissions set author_alias = 'Finch' where id = ${finch}::uuid`);
    const blockersPiece = await createSubmission(t, blocker, { promptId: p.id });
    // Not the piece's writer, with an alias: the comment reads "Sparrow".
    await t.json(`/api/community/pieces/${blockersPiece.id}/comments`, { cookie: twoFaced.cookie, json: { content: "sparrow comment" } });

    await blockPiece(blocker, named!);
    expect(await feedIds(p.id, blocker.cookie)).toEqual([anon!, sparrow!, finch!, blockersPiece.id].sort());
    expect(await comments(blockersPiece.id, blocker.cookie)).toEqual(["sparrow comment"]);

    await blockPiece(blocker, sparrow!);
    expect(await feedIds(p.id, blocker.cookie)).toEqual([anon!, finch!, blockersPiece.id].sort());
    expect(await comments(blockersPiece.id, blocker.cookie)).toEqual([]);
  });

  it("answers a blocked writer on the blocker's anonymous or alias piece as it answers anyone; refuses only on a named one", async () => {
    const blocker = await createUser(t, { name: "Refusing Blocker", alias: "Gull" });
    const blocked = await createUser(t, { name: "Blocked Prober" });
    const bystander = await createUser(t, { name: "Unblocked Prober" });
    const p = await ownPrompt();
    await blockPiece(blocker, (await createSubmission(t, blocked, { promptId: p.id })).id);
    for (const submissionType of ["anonymous", "alias"] as const) {
      const masked = await createSubmission(t, blocker, { promptId: p.id, submissionType });
      const answers = async (u: TestUser) => {
        const c = await t.json<{ comment?: unknown; code?: string }>(`/api/community/pieces/${masked.id}/comments`, { cookie: u.cookie, json: { content: "hello" } });
        const l = await t.json<{ liked?: boolean; code?: string }>(`/api/community/pieces/${masked.id}/like`, { method: "PUT", cookie: u.cookie });
        return [c.status, c.body.code, l.status, l.body.code];
      };
      expect(await answers(blocked), submissionType).toEqual(await answers(bystander));
      expect(await answers(bystander), submissionType).toEqual([201, undefined, 200, undefined]);
    }
    const named = await createSubmission(t, blocker, { promptId: p.id });
    expect((await t.json(`/api/community/pieces/${named.id}/like`, { method: "PUT", cookie: blocked.cookie })).status).toBe(403);
    expect((await t.json(`/api/community/pieces/${named.id}/comments`, { cookie: blocked.cookie, json: { content: "hi" } })).status).toBe(403);
  });
});
