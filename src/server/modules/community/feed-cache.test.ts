import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { CommunityFeedPage } from "#shared/schemas/community.ts";
import { createSubmission } from "#tests/factories.ts";
import { admin, feed, feedUrl, insertPieces, minutesAgo, other, ownPrompt, t, useCommunityApp, writer } from "./test-helpers.ts";

/*
 * The first pages served from the instance's cache (feed-cache.ts): never older than the last
 * event, validated with ETags, and the same per-viewer fields as the database would give.
 * Every check reads the view once first (so it is cached), acts, and reads again at once.
 */

useCommunityApp();

type Item = CommunityFeedPage["items"][number];
const card = async (params: Record<string, string>, id: string, cookie?: string): Promise<Item | undefined> =>
  (await feed(params, cookie)).items.find((i) => i.id === id);

async function publish(promptId: string, content = "Freshly published words.") {
  const session = await t.json<{ token: string }>("/api/writing-sessions", { method: "POST", json: {}, cookie: writer.cookie });
  t.deps.testClock!.advance(t.deps.env.MIN_WRITING_SECONDS * 1000);
  const res = await t.json<{ submission: { id: string } }>("/api/submissions", {
    cookie: writer.cookie,
    json: {
      content,
      title: null,
      promptId,
      action: "publish",
      signature: "name",
      page: "write",
      writingSession: session.body.token,
      idempotencyKey: crypto.randomUUID(),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.submission.id;
}

describe("the feed's first-page cache: every event type shows at once", () => {
  it("publish: a new piece is on the first page of its views", async () => {
    const p = await ownPrompt();
    await insertPieces([{ user: other, promptId: p.id, createdAt: minutesAgo(5) }]);
    for (const sort of ["recent", "liked", "longest", "author"]) await feed({ prompt: p.id, sort });
    await feed({});
    const id = await publish(p.id);
    for (const sort of ["recent", "liked", "longest", "author"]) expect((await feed({ prompt: p.id, sort })).items.map((i) => i.id)).toContain(id);
    expect((await feed({})).items[0]!.id).toBe(id);
  });

  it("like and unlike: the count, and the Most Liked order", async () => {
    const p = await ownPrompt();
    const [liked, first] = await insertPieces([
      { user: writer, promptId: p.id, createdAt: minutesAgo(20) },
      { user: writer, promptId: p.id, createdAt: minutesAgo(10), likeCount: 0 },
    ]);
    const order = async () => (await feed({ prompt: p.id, sort: "liked" })).items.map((i) => i.id);
    expect(await order()).toEqual([first, liked]);
    expect((await card({ prompt: p.id }, liked!))?.likeCount).toBe(0);
    expect((await t.request(`/api/community/pieces/${liked}/like`, { method: "PUT", cookie: other.cookie })).status).toBe(200);
    expect(await order()).toEqual([liked, first]);
    expect((await card({ prompt: p.id }, liked!))?.likeCount).toBe(1);
    expect((await t.request(`/api/community/pieces/${liked}/like`, { method: "DELETE", cookie: other.cookie })).status).toBe(200);
    expect(await order()).toEqual([first, liked]);
    expect((await card({ prompt: p.id }, liked!))?.likeCount).toBe(0);
  });

  it("comment added and deleted: the card's count", async () => {
    const p = await ownPrompt();
    const [id] = await insertPieces([{ user: writer, promptId: p.id, createdAt: minutesAgo(1) }]);
    expect((await card({ prompt: p.id }, id!))?.commentCount).toBe(0);
    const added = await t.json<{ comment: { id: string } }>(`/api/community/pieces/${id}/comments`, { cookie: other.cookie, json: { content: "Lovely." } });
    expect(added.status).toBe(201);
    expect((await card({ prompt: p.id }, id!))?.commentCount).toBe(1);
    expect((await t.request(`/api/community/comments/${added.body.comment.id}`, { method: "DELETE", cookie: other.cookie })).status).toBe(200);
    expect((await card({ prompt: p.id }, id!))?.commentCount).toBe(0);
  });

  it("feature and unfeature: the badge, and Editor's Picks", async () => {
    const p = await ownPrompt();
    const [id] = await insertPieces([{ user: writer, promptId: p.id, createdAt: minutesAgo(1) }]);
    const picks = async () => (await feed({ prompt: p.id, filter: "featured" })).items.map((i) => i.id);
    expect(await picks()).toEqual([]);
    expect((await card({ prompt: p.id }, id!))?.isFeatured).toBe(false);
    const put = (isFeatured: boolean) => t.request(`/api/admin/submissions/${id}/featured`, { method: "PUT", cookie: admin.cookie, json: { isFeatured } });
    expect((await put(true)).status).toBe(200);
    expect(await picks()).toEqual([id]);
    expect((await card({ prompt: p.id }, id!))?.isFeatured).toBe(true);
    expect((await put(false)).status).toBe(200);
    expect(await picks()).toEqual([]);
    expect((await card({ prompt: p.id }, id!))?.isFeatured).toBe(false);
  });

  it("delete: the piece leaves every view", async () => {
    const p = await ownPrompt();
    const [id] = await insertPieces([{ user: writer, promptId: p.id, createdAt: minutesAgo(1) }]);
    expect(await card({ prompt: p.id }, id!)).toBeDefined();
    expect((await card({}, id!))?.id).toBe(id);
    expect((await t.request(`/api/submissions/${id}`, { method: "DELETE", cookie: writer.cookie })).status).toBe(200);
    expect(await card({ prompt: p.id }, id!)).toBeUndefined();
    expect(await card({}, id!)).toBeUndefined();
  });

  it("missed events (a resync) drop everything cached", async () => {
    const p = await ownPrompt();
    await feed({ prompt: p.id });
    // A piece whose event this instance never heard of.
    const unheard = await createSubmission(t, writer, { promptId: p.id });
    expect((await feed({ prompt: p.id })).items).toEqual([]);
    t.deps.realtime.resync();
    expect((await feed({ prompt: p.id })).items.map((i) => i.id)).toEqual([unheard.id]);
  });

  it("This Week loses a piece when it turns a week old, on the app's clock", async () => {
    const p = await ownPrompt();
    const [old, young] = await insertPieces([
      { user: writer, promptId: p.id, createdAt: new Date(t.deps.clock.now().getTime() - 7 * 24 * 3600_000 + 15_000) },
      { user: writer, promptId: p.id, createdAt: minutesAgo(60) },
    ]);
    const week = async () => (await feed({ prompt: p.id, filter: "week" })).items.map((i) => i.id);
    expect(await week()).toEqual([young, old]);
    // Well within the cache's longest keep (FEED_CACHE_MAX_AGE_MS): only the piece's age expires the page.
    t.deps.testClock!.advance(20_000);
    expect(await week()).toEqual([young]);
  });
});

describe("the feed's first-page cache: HTTP", () => {
  it("answers If-None-Match with 304 until an event changes the page, then 200 with a new ETag", async () => {
    const p = await ownPrompt();
    const [id] = await insertPieces([{ user: writer, promptId: p.id, createdAt: minutesAgo(1) }]);
    const first = await t.request(feedUrl({ prompt: p.id }));
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    expect(first.headers.get("vary")).toMatch(/Accept-Encoding/i);
    expect(first.headers.get("vary")).toMatch(/Cookie/i);
    const again = await t.request(feedUrl({ prompt: p.id }), { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    await t.request(`/api/community/pieces/${id}/like`, { method: "PUT", cookie: other.cookie });
    const changed = await t.request(feedUrl({ prompt: p.id }), { headers: { "if-none-match": etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(((await changed.json()) as CommunityFeedPage).items[0]!.likeCount).toBe(1);
  });

  it("sends the body gzipped once made, with the same headers as any API answer", async () => {
    const p = await ownPrompt();
    await insertPieces(Array.from({ length: 12 }, (_, i) => ({ user: writer, promptId: p.id, createdAt: minutesAgo(i + 1) })));
    const plain = await t.request(feedUrl({ prompt: p.id }));
    const zipped = await t.request(feedUrl({ prompt: p.id }), { headers: { "accept-encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("etag")).toBe(plain.headers.get("etag"));
    for (const h of ["content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy"]) {
      expect(zipped.headers.get(h), h).toBe(plain.headers.get(h));
      expect(zipped.headers.get(h), h).toBeTruthy();
    }
    expect(zipped.headers.get("content-type")).toMatch(/^application\/json/);
    const body = gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString("utf8");
    expect(JSON.parse(body)).toEqual(await plain.json());
  });

  it("never gives one viewer's likedByMe or isMine to another", async () => {
    const p = await ownPrompt();
    const [mine, theirs] = await insertPieces([
      { user: writer, promptId: p.id, createdAt: minutesAgo(2) },
      { user: other, promptId: p.id, createdAt: minutesAgo(1) },
    ]);
    await t.request(`/api/community/pieces/${theirs}/like`, { method: "PUT", cookie: writer.cookie });
    const marks = async (cookie?: string) =>
      Object.fromEntries((await feed({ prompt: p.id }, cookie)).items.map((i) => [i.id === mine ? "mine" : "theirs", [i.likedByMe, i.isMine]]));
    // A signed-in viewer reads first: what they see must not become what others see.
    expect(await marks(writer.cookie)).toEqual({ mine: [false, true], theirs: [true, false] });
    const visitor = await t.request(feedUrl({ prompt: p.id }));
    expect(await marks()).toEqual({ mine: [false, false], theirs: [false, false] });
    expect(await marks(other.cookie)).toEqual({ mine: [false, false], theirs: [false, true] });
    expect(await marks()).toEqual({ mine: [false, false], theirs: [false, false] });
    // A visitor's ETag never validates a signed-in answer, nor one viewer's another's.
    const writerRes = await t.request(feedUrl({ prompt: p.id }), { cookie: writer.cookie, headers: { "if-none-match": visitor.headers.get("etag")! } });
    expect(writerRes.status).toBe(200);
    const otherRes = await t.request(feedUrl({ prompt: p.id }), { cookie: other.cookie, headers: { "if-none-match": writerRes.headers.get("etag")! } });
    expect(otherRes.status).toBe(200);
  });

  it("sends a reader their marks before the shared page, and the visitor's page itself when they have none on it", async () => {
    const p = await ownPrompt();
    const [mine, theirs] = await insertPieces([
      { user: writer, promptId: p.id, createdAt: minutesAgo(2) },
      { user: other, promptId: p.id, createdAt: minutesAgo(1) },
    ]);
    await t.request(`/api/community/pieces/${theirs}/like`, { method: "PUT", cookie: writer.cookie });
    const read = async (cookie?: string) => {
      const res = await t.request(feedUrl({ prompt: p.id }), { cookie, headers: { "accept-encoding": "gzip" } });
      expect(res.status).toBe(200);
      return { etag: res.headers.get("etag"), body: gunzipSync(Buffer.from(await res.arrayBuffer())).toString("utf8") };
    };
    const visitor = await read();
    const writers = await read(writer.cookie);
    expect((JSON.parse(writers.body) as CommunityFeedPage).marks).toEqual({ likedByMe: [theirs], isMine: [mine] });
    // The marks, then the visitor's page after its opening brace.
    expect(writers.body).toBe(`{"marks":{"likedByMe":["${theirs}"],"isMine":["${mine}"]},${visitor.body.slice(1)}`);
    expect(writers.etag).not.toBe(visitor.etag);
    // The admin neither wrote nor likes either piece: the visitor's answer, byte for byte.
    expect(await read(admin.cookie)).toEqual(visitor);
  });
});
