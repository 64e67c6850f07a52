import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { COMMUNITY_PAGE_SIZE } from "#shared/constants.ts";
import { withViewerMarks } from "#shared/domain/viewer-marks.ts";
import type { CommunityFeedPage } from "#shared/schemas/community.ts";
import { withFastPath } from "../../http/node-server.ts";
import { feedFastPath } from "./feed-fast-path.ts";
import { insertPieces, minutesAgo, other, ownPrompt, t, useCommunityApp, writer } from "./test-helpers.ts";

/*
 * The feed's fast path (feed-fast-path.ts) over a real Node server: a cached page is
 * answered without the app, exactly as the app answers it; everything else still reaches the app.
 */

useCommunityApp();

let server: Server;
let base: string;
let fastAnswers = 0;
let draining = false;

beforeAll(async () => {
  const fast = feedFastPath(t.deps, { draining: () => draining });
  const counted = (req: Parameters<typeof fast>[0], res: Parameters<typeof fast>[1]) => {
    const answered = fast(req, res);
    if (answered) fastAnswers++;
    return answered;
  };
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1", createServer: withFastPath(counted) }, () => resolve()) as Server;
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const CONNECTION_HEADERS = ["date", "connection", "keep-alive", "content-length", "transfer-encoding"];

/** What a client sees of an answer: status, decoded body, headers without the connection's own. */
async function seen(res: Response, raw: boolean) {
  const bytes = Buffer.from(await res.arrayBuffer());
  const gzipped = raw && res.headers.get("content-encoding") === "gzip";
  const headers = Object.fromEntries([...res.headers].filter(([name]) => !CONNECTION_HEADERS.includes(name)));
  return { status: res.status, body: (gzipped ? gunzipSync(bytes) : bytes).toString("utf8"), headers };
}

/** One GET over the Node server, and whether the fast path answered it. */
async function get(path: string, headers: Record<string, string> = {}) {
  const before = fastAnswers;
  const answer = await seen(await fetch(base + path, { headers }), false);
  return { ...answer, fast: fastAnswers > before };
}

/**
 * Reads `path` until this instance has it cached. The first read fills the cache, but a fill is
 * not kept while this instance's own events are still on their way back through PostgreSQL's
 * NOTIFY (feed-cache.ts): waiting here is waiting for that delivery.
 */
async function untilCached(path: string) {
  await vi.waitFor(async () => expect((await get(path)).fast).toBe(true));
}

/** The same GET answered by the app itself (Hono, no Node server in front). */
const byApp = async (path: string, headers: Record<string, string>) => seen(await t.app.request(path, { headers }), true);

describe("the feed's fast path", () => {
  it("answers a cached first page exactly as the app does: plain, gzipped, and 304", async () => {
    const p = await ownPrompt();
    await insertPieces([{ user: writer, promptId: p.id, createdAt: minutesAgo(3) }]);
    const path = `/api/community/feed?prompt=${p.id}&sort=liked`;
    expect((await get(path)).fast).toBe(false);
    await untilCached(path);
    for (const encoding of ["identity", "gzip"]) {
      const headers = { "accept-encoding": encoding };
      const fast = await get(path, headers);
      expect(fast.fast).toBe(true);
      expect(fast).toEqual({ ...(await byApp(path, headers)), fast: true });
      expect(fast.headers["content-encoding"]).toBe(encoding === "gzip" ? "gzip" : undefined);
      expect(fast.headers["content-security-policy"]).toContain("default-src 'self'");
      const conditional = { ...headers, "if-none-match": fast.headers.etag! };
      const revalidated = await get(path, conditional);
      expect(revalidated).toEqual({ ...(await byApp(path, conditional)), fast: true });
      expect(revalidated).toMatchObject({ status: 304, body: "" });
    }
  });

  it("answers a visitor's cached page 2 exactly as the app does", async () => {
    const p = await ownPrompt();
    await insertPieces(Array.from({ length: COMMUNITY_PAGE_SIZE + 5 }, (_, i) => ({ user: writer, promptId: p.id, createdAt: minutesAgo(i + 1) })));
    const first = `/api/community/feed?prompt=${p.id}`;
    await untilCached(first);
    const cursor = (JSON.parse((await get(first)).body) as CommunityFeedPage).nextCursor!;
    const path = `${first}&cursor=${encodeURIComponent(cursor)}`;
    await untilCached(path);
    const headers = { "accept-encoding": "gzip" };
    const fast = await get(path, headers);
    expect(fast).toEqual({ ...(await byApp(path, headers)), fast: true });
    expect((JSON.parse(fast.body) as CommunityFeedPage).items).toHaveLength(5);
  });

  it("never answers with a page older than the last event", async () => {
    const p = await ownPrompt();
    const [id] = await insertPieces([{ user: writer, promptId: p.id, createdAt: minutesAgo(3) }]);
    const path = `/api/community/feed?prompt=${p.id}`;
    await untilCached(path);
    expect((await t.request(`/api/community/pieces/${id}/like`, { method: "PUT", cookie: other.cookie })).status).toBe(200);
    const after = await get(path);
    expect(after.fast).toBe(false);
    expect((JSON.parse(after.body) as CommunityFeedPage).items[0]!.likeCount).toBe(1);
  });

  it("leaves to the app a signed-in reader, a search, a cursor, a bad or unknown parameter, and shutdown", async () => {
    const p = await ownPrompt();
    const [id] = await insertPieces([{ user: writer, promptId: p.id, createdAt: minutesAgo(3) }]);
    const path = `/api/community/feed?prompt=${p.id}`;
    await untilCached(path);

    const mine = await get(path, { cookie: writer.cookie! });
    expect(mine.fast).toBe(false);
    expect(withViewerMarks(JSON.parse(mine.body) as CommunityFeedPage).items.find((i) => i.id === id)?.isMine).toBe(true);
    expect(await get(`${path}&q=words`)).toMatchObject({ status: 200, fast: false });
    expect(await get(`${path}&sort=sideways`)).toMatchObject({ status: 422, fast: false });
    expect(await get(`${path}&prompt=all`)).toMatchObject({ fast: false });
    expect(await get(`${path}&utm=x`)).toMatchObject({ status: 200, fast: false });

    draining = true;
    try {
      expect((await get(path)).fast).toBe(false);
    } finally {
      draining = false;
    }
  });

  it("answers a visitor's kept piece exactly as the app does, and leaves to the app a reader, a share link and a piece changed since", async () => {
    const p = await ownPrompt();
    const [id] = await insertPieces([{ user: writer, promptId: p.id, createdAt: minutesAgo(3) }]);
    const path = `/api/community/pieces/${id}`;
    expect((await get(path)).fast).toBe(false);
    await untilCached(path);
    for (const encoding of ["identity", "gzip"]) {
      const headers = { "accept-encoding": encoding };
      const fast = await get(path, headers);
      expect(fast).toEqual({ ...(await byApp(path, headers)), fast: true });
      expect(JSON.parse(fast.body)).toMatchObject({ piece: { id, likedByMe: false, isMine: false } });
      const conditional = { ...headers, "if-none-match": fast.headers.etag! };
      expect(await get(path, conditional)).toEqual({ ...(await byApp(path, conditional)), fast: true, status: 304, body: "" });
    }
    expect((await get(path.toUpperCase().replace("/API/COMMUNITY/PIECES/", "/api/community/pieces/"))).fast).toBe(true);

    const mine = await get(path, { cookie: writer.cookie! });
    expect(mine.fast).toBe(false);
    expect(JSON.parse(mine.body).piece.isMine).toBe(true);
    expect((await get(`${path}?share=x`)).fast).toBe(false);
    expect((await get(`${path}/comments`)).fast).toBe(false);

    expect((await t.request(`${path}/like`, { method: "PUT", cookie: other.cookie })).status).toBe(200);
    const after = await get(path);
    expect(after.fast).toBe(false);
    expect(JSON.parse(after.body).piece.likeCount).toBe(1);
  });
});
