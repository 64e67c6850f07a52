import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { CommunityPieceDetail } from "#shared/schemas/community.ts";
import { createSubmission, createUser } from "#tests/factories.ts";
import { pieceCacheOf } from "./piece-cache.ts";
import { admin, minutesAgo, other, ownPrompt, t, useCommunityApp, writer } from "./test-helpers.ts";

/*
 * A visitor's open piece from the instance's cache (piece-cache.ts): never older than the last
 * event about it, validated with ETags, never a signed-in reader's answer, and never anything a
 * visitor may not read. Every check reads the piece once first (so it is kept), acts, and reads
 * again at once.
 */

useCommunityApp();

const path = (id: string) => `/api/community/pieces/${id}`;

/** A visitor's read of the piece: its status and, when there is one, the piece. */
async function visit(id: string, headers: Record<string, string> = {}) {
  const res = await t.request(path(id), { headers });
  const text = res.status === 200 ? await res.text() : "";
  return { status: res.status, res, piece: text ? (JSON.parse(text) as { piece: CommunityPieceDetail }).piece : undefined };
}

/**
 * Reads piece `id` as a visitor until the cache answers: the first read is only noted, the
 * second is kept (a piece asked for twice lately), the third comes from the cache.
 */
async function keep(id: string) {
  const cache = pieceCacheOf(t.deps);
  for (let i = 0; i < 2; i++) expect((await visit(id)).status).toBe(200);
  expect(cache.peek(id, t.deps.clock.now().getTime())).toBeDefined();
  const hits = cache.hits;
  expect((await visit(id)).status).toBe(200);
  expect(cache.hits).toBe(hits + 1);
}

/** A public piece a visitor reads from the cache. */
async function keptPiece(content = "The harbour lights blinked like slow punctuation.") {
  const p = await ownPrompt();
  const piece = await createSubmission(t, writer, { promptId: p.id, createdAt: minutesAgo(2), content });
  await keep(piece.id);
  return piece.id;
}

describe("a visitor's open piece, kept per instance", () => {
  it("keeps only a piece asked for twice lately: a first read is answered as any read", async () => {
    const p = await ownPrompt();
    const piece = await createSubmission(t, writer, { promptId: p.id, createdAt: minutesAgo(2) });
    const first = await visit(piece.id);
    expect(first.piece!.id).toBe(piece.id);
    expect(first.res.headers.get("etag")).toBeNull();
    expect(pieceCacheOf(t.deps).peek(piece.id, t.deps.clock.now().getTime())).toBeUndefined();
    const second = await visit(piece.id);
    expect(second.piece).toEqual(first.piece);
    expect(second.res.headers.get("etag")).toMatch(/^W\//);
    expect(pieceCacheOf(t.deps).peek(piece.id, t.deps.clock.now().getTime())).toBeDefined();
  });

  it("is the answer the database gives, plain and gzipped, and 304 on its ETag", async () => {
    const id = await keptPiece();
    const plain = await visit(id);
    expect(plain.piece).toMatchObject({ id, content: "The harbour lights blinked like slow punctuation.", likedByMe: false, isMine: false });
    const etag = plain.res.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    expect(plain.res.headers.get("cache-control")).toBe("private, no-cache");
    const zipped = await t.request(path(id), { headers: { "accept-encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString("utf8"))).toEqual({ piece: plain.piece });
    const again = await visit(id, { "if-none-match": etag });
    expect(again.status).toBe(304);
  });

  it("shows a like, a comment and their undoing at once", async () => {
    const id = await keptPiece();
    expect((await t.request(`${path(id)}/like`, { method: "PUT", cookie: other.cookie })).status).toBe(200);
    expect((await visit(id)).piece!.likeCount).toBe(1);
    expect((await t.request(`${path(id)}/like`, { method: "DELETE", cookie: other.cookie })).status).toBe(200);
    expect((await visit(id)).piece!.likeCount).toBe(0);
    const added = await t.json<{ comment: { id: string } }>(`${path(id)}/comments`, { cookie: other.cookie, json: { content: "Lovely." } });
    expect(added.status).toBe(201);
    expect((await visit(id)).piece!.commentCount).toBe(1);
    expect((await t.request(`/api/community/comments/${added.body.comment.id}`, { method: "DELETE", cookie: other.cookie })).status).toBe(200);
    expect((await visit(id)).piece!.commentCount).toBe(0);
  });

  it("shows the writer's controls and an Editors' Pick at once", async () => {
    const id = await keptPiece();
    const controls = await t.request(`/api/submissions/${id}/controls`, { method: "PATCH", cookie: writer.cookie, json: { commentsOff: true, contentWarning: "Grief" } });
    expect(controls.status).toBe(200);
    expect((await visit(id)).piece).toMatchObject({ commentsOff: true, contentWarning: "Grief" });
    expect((await t.request(`/api/admin/submissions/${id}/featured`, { method: "PUT", cookie: admin.cookie, json: { isFeatured: true } })).status).toBe(200);
    expect((await visit(id)).piece!.isFeatured).toBe(true);
  });

  it("is a 404 at once when the piece is deleted or hidden by a moderator, and the moderator's restore brings it back", async () => {
    const gone = await keptPiece();
    expect((await t.request(`/api/submissions/${gone}`, { method: "DELETE", cookie: writer.cookie })).status).toBe(200);
    expect((await visit(gone)).status).toBe(404);

    const hidden = await keptPiece();
    const moderate = (action: "hide" | "restore") =>
      t.request(`/api/admin/moderation/piece/${hidden}/${action}`, { method: "POST", json: action === "hide" ? { reason: "Breaks the rules" } : undefined, cookie: admin.cookie });
    expect((await moderate("hide")).status).toBe(200);
    expect((await visit(hidden)).status).toBe(404);
    expect((await moderate("restore")).status).toBe(200);
    expect((await visit(hidden)).status).toBe(200);
  });

  it("turns a leaving writer's kept piece Anonymous at once", async () => {
    const p = await ownPrompt();
    const leaver = await createUser(t, { name: "Ottoline Vance" });
    const piece = await createSubmission(t, leaver, { promptId: p.id, createdAt: minutesAgo(1) });
    await keep(piece.id);
    expect((await visit(piece.id)).piece!.author.label).toBe("Ottoline Vance");
    const left = await t.request("/api/me/account/delete", { json: { password: leaver.password, publicPieces: "keep-anonymous" }, cookie: leaver.cookie });
    expect(left.status).toBe(200);
    const after = await t.request(path(piece.id));
    const text = await after.text();
    expect(JSON.parse(text).piece.author).toEqual({ label: "Anonymous", signature: "anonymous", streak: null });
    expect(text).not.toContain("Ottoline");
  });

  it("never gives a reader the visitor's answer, nor a visitor a reader's", async () => {
    const id = await keptPiece();
    expect((await t.request(`${path(id)}/like`, { method: "PUT", cookie: other.cookie })).status).toBe(200);
    await visit(id);
    const visitor = await visit(id);
    const reader = await t.json<{ piece: CommunityPieceDetail }>(path(id), { cookie: other.cookie, headers: { "if-none-match": visitor.res.headers.get("etag")! } });
    expect(reader.status).toBe(200);
    expect(reader.body.piece.likedByMe).toBe(true);
    expect((await t.json<{ piece: CommunityPieceDetail }>(path(id), { cookie: writer.cookie })).body.piece.isMine).toBe(true);
    expect((await visit(id)).piece).toMatchObject({ likedByMe: false, isMine: false, likeCount: 1 });
  });

  it("keeps nothing a visitor may not read: a private piece stays a 404 for them and its writer's own", async () => {
    const p = await ownPrompt();
    const secret = await createSubmission(t, writer, { promptId: p.id, isPrivate: true, content: "Only mine to read." });
    for (let i = 0; i < 2; i++) expect((await visit(secret.id)).status).toBe(404);
    expect(pieceCacheOf(t.deps).peek(secret.id, t.deps.clock.now().getTime())).toBeUndefined();
    // A piece id that is no piece.
    expect((await visit(crypto.randomUUID())).status).toBe(404);
  });

  it("keeps a piece under its id as the app reads it, whatever the case it is asked in", async () => {
    const id = await keptPiece();
    expect((await visit(id.toUpperCase())).piece!.id).toBe(id);
    expect((await t.request(`${path(id)}/like`, { method: "PUT", cookie: other.cookie })).status).toBe(200);
    expect((await visit(id.toUpperCase())).piece!.likeCount).toBe(1);
  });

  it("missed events (a resync) drop every kept piece", async () => {
    const id = await keptPiece();
    expect(pieceCacheOf(t.deps).size).toBeGreaterThan(0);
    t.deps.realtime.resync();
    expect(pieceCacheOf(t.deps).size).toBe(0);
    expect((await visit(id)).status).toBe(200);
  });
});
