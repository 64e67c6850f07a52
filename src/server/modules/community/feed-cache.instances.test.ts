import { describe, expect, it } from "vitest";
import type { CommunityFeedPage } from "#shared/schemas/community.ts";
import { APP_URL, cookieFrom } from "#tests/setup/app.ts";
import { twoInstances } from "#tests/setup/instances.ts";
import { SseReader, type } from "#tests/setup/sse-reader.ts";

/*
 * Two app instances on one PostgreSQL: a write on A, then (once B has the event, never after a
 * sleep) B's cached first pages show it. Needs a PostgreSQL server: CI's second API pass sets
 * DATABASE_URL; on the embedded PGlite there is no second instance, so it is skipped there.
 */

describe("the feed's first-page cache, and the open piece's, across two instances", () => {
  it.skipIf(!process.env.DATABASE_URL)("is never stale on B after a publish, a like or a delete on A has reached B", async () => {
    const { appA, appB, close } = await twoInstances(process.env.DATABASE_URL!);
    try {
      const headers = { origin: APP_URL, "content-type": "application/json" };
      const signUp = async (name: string) => {
        const body = { name, email: `${name.replace(/\W/g, "")}-${Date.now()}@example.com`, password: "a quiet room to write", timeZone: "UTC" };
        return cookieFrom(await appA.request("/api/auth/sign-up/email", { method: "POST", headers, body: JSON.stringify(body) }));
      };
      const writer = await signUp("Cache Writer");
      const reader = await signUp("Cache Reader");
      const readB = async (query = "") => {
        const res = await appB.request(`/api/community/feed${query}`);
        expect(res.status).toBe(200);
        return { etag: res.headers.get("etag"), page: (await res.json()) as CommunityFeedPage };
      };
      const sse = new SseReader(await appB.request("/api/events"));
      await sse.next(type("ready"));

      // B caches its first pages (empty), then a piece is published on A.
      const before = await readB();
      expect(before.page.items).toEqual([]);
      await readB("?sort=liked");
      const prompt = (await (await appA.request("/api/prompts/today")).json()) as { prompt: { id: string } };
      const session = (await (await appA.request("/api/writing-sessions", { method: "POST", headers: { ...headers, cookie: writer }, body: "{}" })).json()) as { token: string };
      const published = await appA.request("/api/submissions", {
        method: "POST",
        headers: { ...headers, cookie: writer },
        body: JSON.stringify({
          content: "Cached on B, written on A.",
          title: null,
          promptId: prompt.prompt.id,
          action: "publish",
          signature: "name",
          page: "write",
          writingSession: session.token,
          idempotencyKey: crypto.randomUUID(),
        }),
      });
      expect(published.status).toBe(201);
      const { submission } = (await published.json()) as { submission: { id: string } };
      await sse.next(type("piece:published"), 10_000);
      const afterPublish = await readB();
      expect(afterPublish.page.items.map((i) => i.id)).toEqual([submission.id]);
      expect(afterPublish.etag).not.toBe(before.etag);
      expect((await readB("?sort=liked")).page.items.map((i) => i.id)).toEqual([submission.id]);
      // A visitor's open piece, kept on B (a piece is kept on its second read, piece-cache.ts).
      const pieceB = async () => {
        const res = await appB.request(`/api/community/pieces/${submission.id}`);
        return { status: res.status, piece: res.status === 200 ? ((await res.json()) as { piece: { likeCount: number } }).piece : null };
      };
      for (let i = 0; i < 3; i++) expect((await pieceB()).piece?.likeCount).toBe(0);

      // A like on A.
      const liked = await appA.request(`/api/community/pieces/${submission.id}/like`, { method: "PUT", headers: { origin: APP_URL, cookie: reader } });
      expect(liked.status).toBe(200);
      await sse.next(type("piece:liked"), 10_000);
      expect((await readB()).page.items[0]!.likeCount).toBe(1);
      expect((await readB("?sort=liked")).page.items[0]!.likeCount).toBe(1);
      expect((await pieceB()).piece?.likeCount).toBe(1);

      // A delete on A.
      const deleted = await appA.request(`/api/submissions/${submission.id}`, { method: "DELETE", headers: { origin: APP_URL, cookie: writer } });
      expect(deleted.status).toBe(200);
      await sse.next(type("piece:deleted"), 10_000);
      expect((await readB()).page.items).toEqual([]);
      expect((await readB("?sort=liked")).page.items).toEqual([]);
      expect((await pieceB()).status).toBe(404);
      await sse.close();
    } finally {
      await close();
    }
  });
});
