import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { COMMUNITY_PAGE_SIZE } from "#shared/constants.ts";
import { withViewerMarks } from "#shared/domain/viewer-marks.ts";
import type { CommunityFeedPage } from "#shared/schemas/community.ts";
import { eq } from "drizzle-orm";
import { submissions } from "#server/db/schema/index.ts";
import { createUser } from "#tests/factories.ts";
import { counting } from "#tests/setup/fast-path.ts";
import { Drain } from "../../http/lifecycle.ts";
import { withFastPath } from "../../http/node-server.ts";
import { feedFastPath } from "./feed-fast-path.ts";
import { feedCacheOf } from "./feed-first-page.ts";
import { insertPieces, minutesAgo, other, ownPrompt, t, useCommunityApp, writer } from "./test-helpers.ts";

/*
 * The feed's fast path (feed-fast-path.ts) over a real Node server: a cached page is
 * answered without the app, exactly as the app answers it; everything else still reaches the app.
 */

useCommunityApp();

let server: Server;
let base: string;
let fastAnswers = 0;
/** Shutdown as index.ts wires it: a test may start it (and puts a fresh one back after). */
let drain = new Drain();
/** Runs when the fast path takes a request to answer later (as a signal could arrive then). */
let onTake: (() => void) | undefined;

beforeAll(async () => {
  const fast = feedFastPath(t.deps, {
    draining: () => drain.isDraining,
    take: (req, res) => {
      drain.take(req, res);
      onTake?.();
    },
  });
  const counted = counting(fast, () => fastAnswers++);
  const fetch = (request: Request, env: unknown) => drain.wrap(t.app.fetch)(request, env as never);
  await new Promise<void>((resolve) => {
    server = serve({ fetch, port: 0, hostname: "127.0.0.1", createServer: withFastPath(counted) }, () => resolve()) as Server;
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

/** A page of two pieces (by `writer`, then by `other`) and a new reader, signed in. */
async function pageAndReader(name: string) {
  const p = await ownPrompt();
  const [byWriter, byOther] = await insertPieces([
    { user: writer, promptId: p.id, createdAt: minutesAgo(3) },
    { user: other, promptId: p.id, createdAt: minutesAgo(4) },
  ]);
  const reader = await createUser(t, { name });
  return { byWriter: byWriter!, byOther: byOther!, path: `/api/community/feed?prompt=${p.id}`, cookie: reader.cookie! };
}

/**
 * Reads `path` as `cookie`'s reader with shutdown beginning once the fast path took the request:
 * expects a 200 that says the connection closes, waits for the drain, and gives the page's ids.
 */
async function readDuringShutdown(path: string, cookie: string) {
  let stopped: Promise<void> | undefined;
  onTake = () => void (stopped = drain.start());
  try {
    const res = await fetch(base + path, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("connection")).toBe("close");
    const ids = ((await res.json()) as CommunityFeedPage).items.map((i) => i.id);
    await stopped;
    return ids;
  } finally {
    onTake = undefined;
    drain = new Drain();
  }
}

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

  it("answers a signed-in reader's cached page exactly as the app does, with their own marks: plain, gzipped and 304", async () => {
    const p = await ownPrompt();
    const [mineId, likedId, otherId] = await insertPieces([
      { user: writer, promptId: p.id, createdAt: minutesAgo(3) },
      { user: other, promptId: p.id, createdAt: minutesAgo(4) },
      { user: other, promptId: p.id, createdAt: minutesAgo(5) },
    ]);
    expect((await t.request(`/api/community/pieces/${likedId}/like`, { method: "PUT", cookie: writer.cookie })).status).toBe(200);
    const path = `/api/community/feed?prompt=${p.id}`;
    const cookie = writer.cookie!;
    // The page is cached, and so is the reader's session (the app's first read of it keeps it).
    await vi.waitFor(async () => expect((await get(path, { cookie })).fast).toBe(true));
    for (const encoding of ["identity", "gzip"]) {
      const headers = { cookie, "accept-encoding": encoding };
      const hits = feedCacheOf(t.deps).hits;
      const fast = await get(path, headers);
      expect(feedCacheOf(t.deps).hits - hits).toBe(1);
      expect(fast).toEqual({ ...(await byApp(path, headers)), fast: true });
      const items = withViewerMarks(JSON.parse(fast.body) as CommunityFeedPage).items;
      expect(items.map((i) => [i.id, i.isMine, i.likedByMe])).toEqual([
        [mineId, true, false],
        [likedId, false, true],
        [otherId, false, false],
      ]);
      const conditional = { ...headers, "if-none-match": fast.headers.etag! };
      expect(await get(path, conditional)).toEqual({ ...(await byApp(path, conditional)), fast: true, status: 304, body: "" });
    }
    // Their browser's zone, when it is the one stored on their row, changes nothing.
    expect(await get(path, { cookie, "x-time-zone": "UTC" })).toMatchObject({ status: 200, fast: true });
    // Another reader, answered here too, is never given the first one's marks.
    let answer = await get(path, { cookie: other.cookie! });
    await vi.waitFor(async () => expect((answer = await get(path, { cookie: other.cookie! })).fast).toBe(true));
    const theirs = withViewerMarks(JSON.parse(answer.body) as CommunityFeedPage).items;
    expect(theirs.map((i) => [i.isMine, i.likedByMe])).toEqual([
      [false, false],
      [true, false],
      [true, false],
    ]);
  });

  it("leaves to the app a reader whose session it does not hold, who signed out, whose browser zone is new, who blocks a writer on the page, or whose marks cannot be read", async () => {
    const { byWriter, byOther, path, cookie } = await pageAndReader("Careful Reader");
    await untilCached(path);
    // Its first read: the app verifies the session (and keeps it).
    expect(await get(path, { cookie })).toMatchObject({ status: 200, fast: false });
    await vi.waitFor(async () => expect((await get(path, { cookie })).fast).toBe(true));

    // A zone unlike the stored one: the app moves the writer's stored zone (http/session.ts).
    const travelled = await get(path, { cookie, "x-time-zone": "Asia/Tokyo" });
    expect(travelled).toMatchObject({ status: 200, fast: false });

    // The marks query fails (the database went away for it): the app answers, here with the page.
    const session = (t.deps.db as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
    const failing = vi.spyOn(session, "prepareQuery").mockImplementationOnce(() => {
      throw new Error("the database is away");
    });
    try {
      const failed = await get(path, { cookie });
      expect(failing).toHaveBeenCalled();
      expect(failed).toMatchObject({ status: 200, fast: false });
      expect(failed.body).toBe((await byApp(path, { cookie })).body);
    } finally {
      failing.mockRestore();
    }

    // A block covering a piece on the page: the page is read for them alone, without that writer.
    expect((await t.json("/api/blocks", { cookie, json: { pieceId: byWriter } })).status).toBe(201);
    const hits = feedCacheOf(t.deps).hits;
    const blocked = await get(path, { cookie });
    expect(blocked).toMatchObject({ status: 200, fast: false });
    expect((JSON.parse(blocked.body) as CommunityFeedPage).items.map((i) => i.id)).toEqual([byOther]);
    // Counted once: by the app, which was handed it.
    expect(feedCacheOf(t.deps).hits - hits).toBe(1);

    // Signed out: never answered as them again, here or by the app.
    const leaving = await createUser(t, { name: "Leaving Reader" });
    expect((await t.request(`/api/community/pieces/${byOther}/like`, { method: "PUT", cookie: leaving.cookie })).status).toBe(200);
    await vi.waitFor(async () => {
      const theirs = await get(path, { cookie: leaving.cookie! });
      expect(theirs.fast).toBe(true);
      expect(JSON.parse(theirs.body)).toHaveProperty("marks.likedByMe", [byOther]);
    });
    expect((await t.request("/api/auth/sign-out", { json: {}, cookie: leaving.cookie })).status).toBe(200);
    const gone = await get(path, { cookie: leaving.cookie! });
    expect(gone.fast).toBe(false);
    expect(JSON.parse(gone.body)).not.toHaveProperty("marks");
  });

  it("answers a reader's request it took before shutdown began, itself or through the app, and says the connection closes", async () => {
    const { byWriter, byOther, path, cookie } = await pageAndReader("Late Reader");
    await vi.waitFor(async () => expect((await get(path, { cookie })).fast).toBe(true));
    // Shutdown begins while their marks are being read: the fast path answers them.
    expect(await readDuringShutdown(path, cookie)).toEqual([byWriter, byOther]);
    // The same, when the page is theirs to be read alone (a block): the app answers it, not a 503.
    expect((await t.json("/api/blocks", { cookie, json: { pieceId: byWriter } })).status).toBe(201);
    expect(await readDuringShutdown(path, cookie)).toEqual([byOther]);
  });

  it("leaves to the app a search, a cursor, a bad or unknown parameter, and shutdown", async () => {
    const p = await ownPrompt();
    await insertPieces([{ user: writer, promptId: p.id, createdAt: minutesAgo(3) }]);
    const path = `/api/community/feed?prompt=${p.id}`;
    await untilCached(path);

    expect(await get(`${path}&q=words`)).toMatchObject({ status: 200, fast: false });
    expect(await get(`${path}&sort=sideways`)).toMatchObject({ status: 422, fast: false });
    expect(await get(`${path}&prompt=all`)).toMatchObject({ fast: false });
    expect(await get(`${path}&utm=x`)).toMatchObject({ status: 200, fast: false });

    void drain.start();
    try {
      expect(await get(path)).toMatchObject({ status: 503, fast: false });
    } finally {
      drain = new Drain();
    }
  });

  it("answers a kept piece exactly as the app does, to a visitor and to a reader with their marks, and leaves to the app a share link and a piece changed since", async () => {
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

    // A reader whose session is held: the kept piece with their own marks, exactly as the app answers it.
    for (const encoding of ["identity", "gzip"]) {
      const headers = { cookie: writer.cookie!, "accept-encoding": encoding };
      await vi.waitFor(async () => expect((await get(path, headers)).fast).toBe(true));
      const fast = await get(path, headers);
      expect(fast).toEqual({ ...(await byApp(path, headers)), fast: true });
      expect(JSON.parse(fast.body).piece).toMatchObject({ id, isMine: true, likedByMe: false });
      const conditional = { ...headers, "if-none-match": fast.headers.etag! };
      expect(await get(path, conditional)).toEqual({ ...(await byApp(path, conditional)), fast: true, status: 304, body: "" });
    }
    expect((await get(`${path}?share=x`)).fast).toBe(false);
    expect((await get(`${path}/comments`)).fast).toBe(false);

    expect((await t.request(`${path}/like`, { method: "PUT", cookie: other.cookie })).status).toBe(200);
    const after = await get(path);
    expect(after.fast).toBe(false);
    expect(JSON.parse(after.body).piece.likeCount).toBe(1);

    // Gone from the database before its event came (here: no event at all): the app's 404 for a reader.
    await untilCached(path);
    await t.deps.db.delete(submissions).where(eq(submissions.id, id!));
    expect(await get(path, { cookie: writer.cookie! })).toMatchObject({ status: 404, fast: false });
  });
});
