import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { COMMUNITY_PAGE_SIZE } from "#shared/constants.ts";
import { submissions } from "#server/db/schema/index.ts";
import { createUser } from "#tests/factories.ts";
import { feedCacheOf } from "./feed-first-page.ts";
import { admin, feed, feedUrl, insertPieces, minutesAgo, other, ownPrompt, t, useCommunityApp, writer } from "./test-helpers.ts";

/*
 * Pages after the first (keyset pages 2–7 of a common view) from the instance's cache
 * (feed-cache.ts): kept when a cached page handed their cursor out, read again on every event
 * that changes them, and never carrying one reader's likes, own pieces or blocks to another.
 */

useCommunityApp();

/** A prompt with a page and a bit of pieces: the newest COMMUNITY_PAGE_SIZE by `first`, the 10 older ones by `second`. */
async function twoPages(first = other, second = writer) {
  const p = await ownPrompt();
  const newer = await insertPieces(Array.from({ length: COMMUNITY_PAGE_SIZE }, (_, i) => ({ user: first, promptId: p.id, createdAt: minutesAgo(i + 1) })));
  const older = await insertPieces(Array.from({ length: 10 }, (_, i) => ({ user: second, promptId: p.id, createdAt: minutesAgo(100 + i) })));
  const page1 = await feed({ prompt: p.id });
  expect(page1.nextCursor).toBeTruthy();
  return { p, newer, older, cursor: page1.nextCursor! };
}

/**
 * Reads page 1 and page 2, as a reader scrolls, until this instance keeps page 2 (it is kept
 * once a kept page 1 hands its cursor out; a fill is not kept while this instance's own events
 * are on their way back through NOTIFY).
 */
async function untilCached(prompt: string, cursor: string) {
  await vi.waitFor(async () => {
    expect((await feed({ prompt })).nextCursor).toBe(cursor);
    await feed({ prompt, cursor });
    expect(feedCacheOf(t.deps).peek({ prompt, filter: "all", sort: "recent" }, cursor, t.deps.clock.now().getTime())).toBeDefined();
  });
}

const titleOf = async (prompt: string, cursor: string, id: string, cookie?: string) => (await feed({ prompt, cursor }, cookie)).items.find((i) => i.id === id);

describe("the feed's later pages from the cache", () => {
  it("answers page 2 with an ETag and 304 on If-None-Match, as the first page", async () => {
    const { p, cursor } = await twoPages();
    // Kept once a kept page 1 handed its cursor out: on PostgreSQL, after this instance's own
    // events came back through NOTIFY (CI's PostgreSQL pass answered before that: 'no ETag').
    await untilCached(p.id, cursor);
    const first = await t.request(feedUrl({ prompt: p.id, cursor }));
    const etag = first.headers.get("etag");
    expect(etag ?? "no ETag").toMatch(/^W\/"[\w-]+"$/);
    const again = await t.request(feedUrl({ prompt: p.id, cursor }), { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
  });

  it("keeps page 2 until an event changes it: a like, a comment, a delete and a hide on it are seen at once", async () => {
    const { p, older, cursor } = await twoPages();
    const [a, b, c, d] = older as [string, string, string, string];
    await untilCached(p.id, cursor);
    // A change without an event (as a rename is) is not seen while the page is kept...
    await t.deps.db.update(submissions).set({ title: "Quietly retitled" }).where(eq(submissions.id, a));
    expect((await titleOf(p.id, cursor, a))?.title).toBeNull();
    // ...and an event on the page reads it again.
    expect((await t.request(`/api/community/pieces/${b}/like`, { method: "PUT", cookie: other.cookie })).status).toBe(200);
    const liked = await feed({ prompt: p.id, cursor });
    expect(liked.items.find((i) => i.id === b)?.likeCount).toBe(1);
    expect(liked.items.find((i) => i.id === a)?.title).toBe("Quietly retitled");

    await untilCached(p.id, cursor);
    const comment = await t.json(`/api/community/pieces/${b}/comments`, { cookie: other.cookie, json: { content: "Stayed with me." } });
    expect(comment.status).toBe(201);
    expect((await titleOf(p.id, cursor, b))?.commentCount).toBe(1);

    await untilCached(p.id, cursor);
    expect((await t.request(`/api/submissions/${c}`, { method: "DELETE", cookie: writer.cookie })).status).toBe(200);
    expect((await feed({ prompt: p.id, cursor })).items.map((i) => i.id)).not.toContain(c);

    await untilCached(p.id, cursor);
    const hidden = await t.request(`/api/admin/moderation/piece/${d}/hide`, { json: { reason: "Spam" }, cookie: admin.cookie });
    expect(hidden.status).toBe(200);
    expect((await feed({ prompt: p.id, cursor })).items.map((i) => i.id)).not.toContain(d);
  });

  it("gives each signed-in reader their own likes and pieces on a cached page 2, and a visitor none", async () => {
    const { p, older, cursor } = await twoPages(other, writer);
    const [minePiece] = older as [string];
    const liker = await createUser(t, { name: "Liker" });
    expect((await t.request(`/api/community/pieces/${minePiece}/like`, { method: "PUT", cookie: liker.cookie })).status).toBe(200);
    // The liker reads first: what they see must not become what others see.
    const marks = async (cookie?: string) => {
      const card = await titleOf(p.id, cursor, minePiece, cookie);
      return [card?.likedByMe, card?.isMine];
    };
    expect(await marks(liker.cookie)).toEqual([true, false]);
    await untilCached(p.id, cursor);
    expect(await marks()).toEqual([false, false]);
    expect(await marks(writer.cookie)).toEqual([false, true]);
    expect(await marks(other.cookie)).toEqual([false, false]);
    expect(await marks(liker.cookie)).toEqual([true, false]);
    const visitor = await t.request(feedUrl({ prompt: p.id, cursor }));
    const signedIn = await t.request(feedUrl({ prompt: p.id, cursor }), { cookie: liker.cookie, headers: { "if-none-match": visitor.headers.get("etag")! } });
    expect(signedIn.status).toBe(200);
  });

  it("never serves a reader a cached page 2 holding a writer they block", async () => {
    const { p, older, cursor } = await twoPages(other, writer);
    await untilCached(p.id, cursor);
    const blocker = await createUser(t, { name: "Blocker" });
    expect((await t.json("/api/blocks", { cookie: blocker.cookie, json: { pieceId: older[0] } })).status).toBe(201);
    // The first page has none of the blocked writer's pieces: the blocker is handed the shared cursor.
    const first = await feed({ prompt: p.id }, blocker.cookie);
    expect(first.nextCursor).toBe(cursor);
    const second = await feed({ prompt: p.id, cursor }, blocker.cookie);
    expect(second.items.filter((i) => older.includes(i.id))).toEqual([]);
    // Everyone else still sees them.
    expect((await feed({ prompt: p.id, cursor })).items.map((i) => i.id)).toEqual(older);
  });
});
