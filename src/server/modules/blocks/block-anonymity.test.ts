import { describe, expect, it } from "vitest";
import { createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import { SseReader, type } from "#tests/setup/sse-reader.ts";
import { insertPieces, minutesAgo, ownPrompt, t, useCommunityApp } from "../community/test-helpers.ts";

/*
 * Anonymity (issue 13): a writer who blocks, or is blocked, never receives the identity behind an
 * anonymous or alias piece — not in any answer, not in any live event.
 */

useCommunityApp();

const secretsOf = (u: TestUser) => [u.id, u.email, u.name];

describe("blocking and being blocked", () => {
  it("never hands either writer the identity behind an anonymous or alias piece", async () => {
    const blocker = await createUser(t, { name: "Secretive Blocker", alias: "Lantern" });
    const anon = await createUser(t, { name: "Hidden Anon Writer", alias: "Quill" });
    const aliased = await createUser(t, { name: "Real Name Behind Alias", alias: "Heron" });
    const p = await ownPrompt();
    const [anonPiece, aliasPiece] = await insertPieces([
      { user: anon, promptId: p.id, createdAt: minutesAgo(4), submissionType: "anonymous" },
      { user: aliased, promptId: p.id, createdAt: minutesAgo(3), submissionType: "alias" },
    ]);
    // The blocker writes anonymously too: the blocked writer must not learn who they are.
    const blockersAnon = await createSubmission(t, blocker, { promptId: p.id, submissionType: "anonymous" });
    // The anonymous writer answers on their own piece (labelled "Anonymous", as the piece is signed).
    const reply = await t.json<{ comment: { id: string } }>(`/api/community/pieces/${anonPiece}/comments`, { cookie: anon.cookie, json: { content: "thanks" } });

    const stream = new SseReader(await t.request("/api/events", { cookie: blocker.cookie }));
    await stream.next(type("ready"));
    const toBlocker: unknown[] = [];
    const keep = async <T>(res: Promise<{ status: number; body: T }>) => {
      const r = await res;
      toBlocker.push(r.body);
      return r;
    };
    const byPiece = await keep(t.json<{ block: { label: string } }>("/api/blocks", { cookie: blocker.cookie, json: { pieceId: anonPiece } }));
    const byComment = await keep(t.json<{ block: { label: string } }>("/api/blocks", { cookie: blocker.cookie, json: { commentId: reply.body.comment.id } }));
    const byAlias = await keep(t.json<{ block: { label: string } }>("/api/blocks", { cookie: blocker.cookie, json: { pieceId: aliasPiece } }));
    expect([byPiece.body.block.label, byComment.body.block.label, byAlias.body.block.label]).toEqual(["Anonymous", "Anonymous", "Heron"]);
    await keep(t.json("/api/blocks", { cookie: blocker.cookie }));
    await keep(t.json(`/api/community/feed?prompt=${p.id}`, { cookie: blocker.cookie }));
    await keep(t.json(`/api/community/feed?prompt=${p.id}&q=piece`, { cookie: blocker.cookie }));
    await keep(t.json(`/api/community/pieces/${anonPiece}`, { cookie: blocker.cookie }));
    await keep(t.json(`/api/community/pieces/${anonPiece}/comments`, { cookie: blocker.cookie }));
    await keep(t.json("/api/podium", { cookie: blocker.cookie }));

    // What the blocked writers hear when they try the blocker's anonymous piece.
    const toBlocked: unknown[] = [];
    for (const u of [anon, aliased]) {
      toBlocked.push((await t.json(`/api/community/pieces/${blockersAnon.id}/comments`, { cookie: u.cookie, json: { content: "hi" } })).body);
      toBlocked.push((await t.json(`/api/community/pieces/${blockersAnon.id}/like`, { method: "PUT", cookie: u.cookie })).body);
      toBlocked.push((await t.json(`/api/community/pieces/${blockersAnon.id}`, { cookie: u.cookie })).body);
    }
    await insertPieces([{ user: anon, promptId: p.id, createdAt: minutesAgo(1), submissionType: "anonymous" }]);
    const [marker] = await insertPieces([{ user: blocker, promptId: p.id, createdAt: minutesAgo(0), submissionType: "anonymous" }]);
    await stream.next((m) => m.event === "piece:published" && JSON.parse(m.data).id === marker);
    await stream.close();

    const seenByBlocker = JSON.stringify([toBlocker, stream.seen]);
    for (const secret of [...secretsOf(anon), ...secretsOf(aliased), "Quill"]) expect(seenByBlocker).not.toContain(secret);
    const seenByBlocked = JSON.stringify(toBlocked);
    for (const secret of [...secretsOf(blocker), "Lantern"]) expect(seenByBlocked).not.toContain(secret);
  });
});
