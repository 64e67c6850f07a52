import { describe, expect, it } from "vitest";
import { BLOCK_MESSAGES } from "#shared/schemas/blocks.ts";
import type { CommentList } from "#shared/schemas/community.ts";
import type { PublicPodium } from "#shared/schemas/admin.ts";
import { createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import { SseReader, type } from "#tests/setup/sse-reader.ts";
import { admin, feed, insertPieces, minutesAgo, other, ownPrompt, t, useCommunityApp, writer } from "../community/test-helpers.ts";

/*
 * What a block changes (issue 13 item 5): the blocked writer's pieces and comments leave the
 * blocker's feed (its cached first page too), search, podium, comments and live events; the
 * blocked writer can no longer comment on or like the blocker's pieces. Nobody else's view moves.
 */

useCommunityApp();

async function blockPiece(blocker: TestUser, pieceId: string): Promise<string> {
  const res = await t.json<{ block: { id: string } }>("/api/blocks", { cookie: blocker.cookie, json: { pieceId } });
  expect(res.status).toBe(201);
  return res.body.block.id;
}

describe("a block", () => {
  it("takes the blocked writer's pieces out of the blocker's feed, first page, next pages and search", async () => {
    const blocker = await createUser(t, { name: "Feed Blocker" });
    const masked = await createUser(t, { name: "Masked Writer", alias: "Moth" });
    const p = await ownPrompt();
    const rows = Array.from({ length: 40 }, (_, i) => ({
      user: i % 2 === 0 ? masked : other,
      promptId: p.id,
      createdAt: minutesAgo(100 - i),
      content: `lantern words ${i}`,
      // The masked writer signs anonymously (the block covers that signature only: review finding 1).
      submissionType: i % 2 === 0 ? ("anonymous" as const) : ("alias" as const),
    }));
    const ids = await insertPieces(rows);
    const maskedIds = new Set(ids.filter((_, i) => i % 2 === 0));
    // The visitor's first pages are cached now.
    expect((await feed({ prompt: p.id })).items).toHaveLength(30);
    expect((await feed({ prompt: "all" })).items.some((i) => maskedIds.has(i.id))).toBe(true);

    await blockPiece(blocker, ids[0]!);
    for (const params of [{ prompt: p.id }, { prompt: "all" }, { prompt: p.id, sort: "liked" }, { prompt: p.id, q: "lantern" }]) {
      const first = await feed(params, blocker.cookie);
      expect(first.items.length, JSON.stringify(params)).toBeGreaterThan(0);
      expect(first.items.filter((i) => maskedIds.has(i.id)), JSON.stringify(params)).toEqual([]);
      if (first.nextCursor) expect((await feed({ ...params, cursor: first.nextCursor }, blocker.cookie)).items.filter((i) => maskedIds.has(i.id))).toEqual([]);
    }
    const blockersView = await feed({ prompt: p.id }, blocker.cookie);
    expect(blockersView.items).toHaveLength(20);
    // Everyone else still sees them.
    expect((await feed({ prompt: p.id }, writer.cookie)).items.filter((i) => maskedIds.has(i.id))).not.toEqual([]);
    expect((await feed({ prompt: p.id })).items.filter((i) => maskedIds.has(i.id))).not.toEqual([]);
  });

  it("takes the blocked writer off the blocker's podium and out of the comments they read", async () => {
    const blocker = await createUser(t, { name: "Podium Blocker" });
    const masked = await createUser(t, { name: "Podium Masked" });
    const p = await ownPrompt();
    const picked = await createSubmission(t, masked, { promptId: p.id, isFeatured: true, submissionType: "anonymous" });
    const blockersPiece = await createSubmission(t, blocker, { promptId: p.id });
    const comment = (cookie: string, content: string) => t.json(`/api/community/pieces/${blockersPiece.id}/comments`, { cookie, json: { content } });
    await comment(masked.cookie, "from the masked one");
    await comment(other.cookie, "from someone else");

    await blockPiece(blocker, picked.id);
    const podium = async (cookie?: string) => (await t.json<PublicPodium>("/api/podium", { cookie })).body.picks.map((x) => x.id);
    expect(await podium(blocker.cookie)).not.toContain(picked.id);
    expect(await podium(writer.cookie)).toContain(picked.id);
    expect(await podium()).toContain(picked.id);

    const comments = async (cookie?: string) => (await t.json<CommentList>(`/api/community/pieces/${blockersPiece.id}/comments`, { cookie })).body.comments;
    const texts = async (cookie?: string) => (await comments(cookie)).map((c) => c.content);
    // The comment is signed by name, not as the blocked anonymous piece: it stays until blocked itself.
    expect(await texts(blocker.cookie)).toEqual(["from the masked one", "from someone else"]);
    await t.json("/api/blocks", { cookie: blocker.cookie, json: { commentId: (await comments(blocker.cookie))[0]!.id } });
    expect(await texts(blocker.cookie)).toEqual(["from someone else"]);
    expect(await texts(admin.cookie)).toEqual(["from the masked one", "from someone else"]);
  });

  it("stops the blocked writer commenting on or liking the blocker's pieces, with a neutral message; others still can", async () => {
    const blocker = await createUser(t, { name: "Quiet Blocker" });
    const masked = await createUser(t, { name: "Blocked Commenter", alias: "Wren" });
    const p = await ownPrompt();
    const theirs = await createSubmission(t, masked, { promptId: p.id, submissionType: "alias" });
    const mine = await createSubmission(t, blocker, { promptId: p.id });
    await blockPiece(blocker, theirs.id);

    const commented = await t.json<{ code: string; message: string }>(`/api/community/pieces/${mine.id}/comments`, { cookie: masked.cookie, json: { content: "let me in" } });
    expect(commented.status).toBe(403);
    expect(commented.body).toEqual({ code: "cant_comment", message: BLOCK_MESSAGES.cantComment });
    const liked = await t.json<{ code: string; message: string }>(`/api/community/pieces/${mine.id}/like`, { method: "PUT", cookie: masked.cookie });
    expect(liked.status).toBe(403);
    expect(liked.body).toEqual({ code: "cant_like", message: BLOCK_MESSAGES.cantLike });
    // The refusals name no one.
    for (const secret of [blocker.id, blocker.name, blocker.email]) expect(JSON.stringify([commented.body, liked.body])).not.toContain(secret);
    const detail = await t.json<{ piece: { likeCount: number; commentCount: number } }>(`/api/community/pieces/${mine.id}`);
    expect(detail.body.piece).toMatchObject({ likeCount: 0, commentCount: 0 });

    expect((await t.json(`/api/community/pieces/${mine.id}/comments`, { cookie: other.cookie, json: { content: "hello" } })).status).toBe(201);
    expect((await t.json(`/api/community/pieces/${mine.id}/like`, { method: "PUT", cookie: other.cookie })).status).toBe(200);
    // The blocker may still comment on the blocked writer's piece they can open.
    expect((await t.json(`/api/community/pieces/${theirs.id}/comments`, { cookie: blocker.cookie, json: { content: "noted" } })).status).toBe(201);
  });

  it("drops the blocked writer's live events from the blocker's open stream only, and never sends identity", async () => {
    const blocker = await createUser(t, { name: "Stream Blocker" });
    const masked = await createUser(t, { name: "Stream Masked", alias: "Kite" });
    const p = await ownPrompt();
    const [first] = await insertPieces([{ user: masked, promptId: p.id, createdAt: minutesAgo(5), submissionType: "anonymous" }]);
    await blockPiece(blocker, first!);

    const blockersStream = new SseReader(await t.request("/api/events", { cookie: blocker.cookie }));
    const visitorsStream = new SseReader(await t.request("/api/events"));
    await blockersStream.next(type("ready"));
    await visitorsStream.next(type("ready"));
    const [maskedNew] = await insertPieces([{ user: masked, promptId: p.id, createdAt: minutesAgo(1), submissionType: "anonymous" }]);
    await t.json(`/api/community/pieces/${first}/like`, { method: "PUT", cookie: other.cookie });
    const [othersNew] = await insertPieces([{ user: other, promptId: p.id, createdAt: minutesAgo(0) }]);

    const isOthers = (m: { event: string; data: string }) => m.event === "piece:published" && JSON.parse(m.data).id === othersNew;
    await visitorsStream.next(isOthers);
    await blockersStream.next(isOthers);
    const idsIn = (s: SseReader) => s.seen.filter((m) => m.event.startsWith("piece:")).map((m) => JSON.parse(m.data).id as string);
    expect(idsIn(visitorsStream)).toEqual(expect.arrayContaining([maskedNew, first, othersNew]));
    expect(idsIn(blockersStream)).toEqual([othersNew]);
    const all = JSON.stringify([blockersStream.seen, visitorsStream.seen]);
    for (const secret of [masked.id, masked.name, masked.email, "Kite"]) expect(all).not.toContain(secret);
    await blockersStream.close();
    await visitorsStream.close();
  });

  it("is undone by unblocking", async () => {
    const blocker = await createUser(t, { name: "Changed Mind" });
    const masked = await createUser(t, { name: "Forgiven Writer" });
    const p = await ownPrompt();
    const [id] = await insertPieces([{ user: masked, promptId: p.id, createdAt: minutesAgo(3) }]);
    const blockId = await blockPiece(blocker, id!);
    expect((await feed({ prompt: p.id }, blocker.cookie)).items).toEqual([]);
    await t.json(`/api/blocks/${blockId}`, { method: "DELETE", cookie: blocker.cookie });
    expect((await feed({ prompt: p.id }, blocker.cookie)).items.map((i) => i.id)).toEqual([id]);
  });
});
