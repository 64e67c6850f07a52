import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { COMMUNITY_MESSAGES, type CommunityPieceDetail } from "#shared/schemas/community.ts";
import { submissionLikes, submissions } from "#server/db/schema/index.ts";
import { createSubmission, createUser } from "#tests/factories.ts";
import { VISITOR, viewerOf } from "../../db/audience.ts";
import { notFound } from "../../http/errors.ts";
import { pieceCacheOf } from "./piece-cache.ts";
import { getPiece } from "./piece.service.ts";
import { admin, minutesAgo, other, ownPrompt, t, useCommunityApp, writer } from "./test-helpers.ts";

/*
 * A signed-in reader's open piece from the instance's cache (piece-reader.ts): the visitor's kept
 * answer with the reader's own marks, exactly what a fresh read as them gives; their reads keep a
 * piece for everyone, never with their marks on it; and nothing a visitor may not open is kept.
 */

useCommunityApp();

const path = (id: string) => `/api/community/pieces/${id}`;
const now = () => t.deps.clock.now().getTime();

async function read(id: string, cookie?: string | null, headers: Record<string, string> = {}) {
  const res = await t.request(path(id), { cookie: cookie ?? undefined, headers });
  const text = res.status === 200 ? await res.text() : "";
  return { status: res.status, res, text, piece: text ? (JSON.parse(text) as { piece: CommunityPieceDetail }).piece : undefined };
}

/**
 * Reads `id` as `cookie`'s reader (or a visitor) until it is kept: asked for twice lately, it is,
 * once this instance's own last write is back through PostgreSQL's NOTIFY (until then nothing is
 * kept: piece-cache.ts), so waiting here is waiting for that delivery.
 */
async function keep(id: string, cookie?: string | null) {
  await vi.waitFor(async () => {
    expect((await read(id, cookie)).status).toBe(200);
    expect(pieceCacheOf(t.deps).peek(id, now(), false)).toBeDefined();
  });
}

describe("a reader's open piece, from the kept piece", () => {
  it("is what a fresh read as each reader gives: the writer's, a liker's, an admin's and anyone else's marks", async () => {
    const p = await ownPrompt();
    const piece = await createSubmission(t, writer, { promptId: p.id, createdAt: minutesAgo(2) });
    expect((await t.request(`${path(piece.id)}/like`, { method: "PUT", cookie: other.cookie })).status).toBe(200);
    await keep(piece.id);
    const someone = await createUser(t, { name: "Someone Else" });
    const cache = pieceCacheOf(t.deps);
    for (const [reader, marks] of [
      [writer, { isMine: true, likedByMe: false }],
      [other, { isMine: false, likedByMe: true }],
      [admin, { isMine: false, likedByMe: false }],
      [someone, { isMine: false, likedByMe: false }],
    ] as const) {
      const hits = cache.hits;
      const answer = await read(piece.id, reader.cookie);
      expect(cache.hits, reader.name).toBe(hits + 1);
      expect(answer.piece).toMatchObject({ ...marks, likeCount: 1 });
      const fresh = await getPiece(t.deps.db, piece.id, viewerOf({ id: reader.id, isAdmin: reader === admin }));
      expect(JSON.parse(answer.text), reader.name).toEqual({ piece: fresh });
      // Its validator is this reader's answer's: 304 for them on it.
      const etag = answer.res.headers.get("etag")!;
      expect((await read(piece.id, reader.cookie, { "if-none-match": etag })).status).toBe(304);
    }
    // The writer's answer is not the liker's, nor the visitor's.
    const etags = await Promise.all([writer, other].map(async (r) => (await read(piece.id, r.cookie)).res.headers.get("etag")));
    const visitor = (await read(piece.id)).res.headers.get("etag");
    expect(new Set([...etags, visitor]).size).toBe(3);
  });

  it("shows a reader their own like at once", async () => {
    const p = await ownPrompt();
    const piece = await createSubmission(t, writer, { promptId: p.id, createdAt: minutesAgo(2) });
    await keep(piece.id);
    expect((await read(piece.id, other.cookie)).piece).toMatchObject({ likedByMe: false, likeCount: 0 });
    expect((await t.request(`${path(piece.id)}/like`, { method: "PUT", cookie: other.cookie })).status).toBe(200);
    expect((await read(piece.id, other.cookie)).piece).toMatchObject({ likedByMe: true, likeCount: 1 });
    expect((await read(piece.id)).piece).toMatchObject({ likedByMe: false, likeCount: 1 });
  });

  it("counts a reader's own like made elsewhere before its event arrives here, as it marks it", async () => {
    const p = await ownPrompt();
    const piece = await createSubmission(t, writer, { promptId: p.id, createdAt: minutesAgo(2) });
    await keep(piece.id);
    // As another instance commits it: the rows change, and this instance has not heard yet.
    await t.deps.db.insert(submissionLikes).values({ submissionId: piece.id, userId: other.id });
    await t.deps.db.update(submissions).set({ likeCount: 1 }).where(eq(submissions.id, piece.id));
    expect((await read(piece.id, other.cookie)).piece).toMatchObject({ likedByMe: true, likeCount: 1 });
  });

  it("keeps a piece its readers ask for twice, for visitors too, with none of their marks and no name behind Anonymous", async () => {
    for (const filler of [writer, other]) {
      const p = await ownPrompt();
      const piece = await createSubmission(t, writer, { promptId: p.id, createdAt: minutesAgo(2), submissionType: "anonymous" });
      expect((await t.request(`${path(piece.id)}/like`, { method: "PUT", cookie: other.cookie })).status).toBe(200);
      const theirs = filler === writer ? { isMine: true, likedByMe: false } : { isMine: false, likedByMe: true };
      // The reader's first read is only noted; a later one fills the cache (keep says when).
      expect((await read(piece.id, filler.cookie)).piece).toMatchObject(theirs);
      expect(pieceCacheOf(t.deps).peek(piece.id, now(), false)).toBeUndefined();
      await vi.waitFor(async () => {
        expect((await read(piece.id, filler.cookie)).piece).toMatchObject(theirs);
        expect(pieceCacheOf(t.deps).peek(piece.id, now(), false)).toBeDefined();
      });
      const hits = pieceCacheOf(t.deps).hits;
      const visitor = await read(piece.id);
      expect(pieceCacheOf(t.deps).hits).toBe(hits + 1);
      expect(JSON.parse(visitor.text)).toEqual({ piece: await getPiece(t.deps.db, piece.id, VISITOR) });
      expect(visitor.piece).toMatchObject({ isMine: false, likedByMe: false, likeCount: 1, author: { label: "Anonymous", signature: "anonymous", streak: null } });
      expect(visitor.text).not.toContain(writer.name);
    }
  });

  it("never keeps what a visitor may not open: a hidden piece its writer and the admins still open", async () => {
    const p = await ownPrompt();
    const piece = await createSubmission(t, writer, { promptId: p.id, createdAt: minutesAgo(2) });
    const hidden = await t.request(`/api/admin/moderation/piece/${piece.id}/hide`, { method: "POST", json: { reason: "Breaks the rules" }, cookie: admin.cookie });
    expect(hidden.status).toBe(200);
    for (const reader of [writer, admin]) {
      for (let i = 0; i < 3; i++) expect((await read(piece.id, reader.cookie)).status).toBe(200);
    }
    expect((await read(piece.id, writer.cookie)).piece!.isMine).toBe(true);
    expect(pieceCacheOf(t.deps).peek(piece.id, now(), false)).toBeUndefined();
    for (const reader of [null, other.cookie]) expect((await read(piece.id, reader)).status).toBe(404);
  });

  describe("while another's read of the piece is under way", () => {
    /** A fill of the cache, as another request's read makes it, that the test ends; and the misses counted so far. */
    function pendingFill(id: string) {
      let end!: { resolve: (body: { piece: CommunityPieceDetail }) => void; reject: (err: unknown) => void };
      const cache = pieceCacheOf(t.deps);
      const filled = cache.get(id, now(), () => new Promise((resolve, reject) => (end = { resolve, reject })));
      filled.catch(() => {});
      return { end, misses: cache.misses };
    }
    /** Until the request has joined the fill (it counts a miss when it does). */
    const joined = (misses: number) => vi.waitFor(() => expect(pieceCacheOf(t.deps).misses).toBe(misses + 1));

    it("gives a reader who joins it their own marks on what it read", async () => {
      const p = await ownPrompt();
      const piece = await createSubmission(t, writer, { promptId: p.id, createdAt: minutesAgo(2) });
      const fill = pendingFill(piece.id);
      const asked = read(piece.id, writer.cookie);
      await joined(fill.misses);
      fill.end.resolve({ piece: await getPiece(t.deps.db, piece.id, VISITOR) });
      expect((await asked).piece).toMatchObject({ id: piece.id, isMine: true, likedByMe: false });
    });

    it("reads for a reader whose piece that read could not give (a hidden piece of theirs), and is a 404 to a visitor who joins it", async () => {
      const p = await ownPrompt();
      const piece = await createSubmission(t, writer, { promptId: p.id, createdAt: minutesAgo(2) });
      const hidden = await t.request(`/api/admin/moderation/piece/${piece.id}/hide`, { method: "POST", json: { reason: "Breaks the rules" }, cookie: admin.cookie });
      expect(hidden.status).toBe(200);
      for (const [cookie, status] of [
        [writer.cookie, 200],
        [undefined, 404],
      ] as const) {
        const fill = pendingFill(piece.id);
        const asked = read(piece.id, cookie);
        await joined(fill.misses);
        fill.end.reject(notFound(COMMUNITY_MESSAGES.pieceNotFound));
        const answer = await asked;
        expect(answer.status).toBe(status);
        if (status === 200) expect(answer.piece).toMatchObject({ id: piece.id, isMine: true });
      }
    });
  });
});
