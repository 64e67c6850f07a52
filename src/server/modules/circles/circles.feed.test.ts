import { describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import { CIRCLE_PAGE_SIZE, COMMUNITY_FEED_LIMIT } from "#shared/constants.ts";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import { countWords, pagesFor } from "#shared/domain/words.ts";
import { localDate } from "#shared/domain/dates.ts";
import { withViewerMarks } from "#shared/domain/viewer-marks.ts";
import type { CircleFeedPage, MyCircles } from "#shared/schemas/circles.ts";
import { pieceCircles, submissions } from "#server/db/schema/index.ts";
import { createPrompt } from "#tests/factories.ts";
import { call, circleWithRoles, published, t, useCirclesApp, type Caller } from "./test-helpers.ts";
import { COMMUNITY_MESSAGES } from "#shared/schemas/community.ts";

/*
 * A circle's feed (issue 29 item 4): newest first, keyset-paged by an opaque cursor; and "my
 * circles", which counts what was shared since the member last opened each circle. Many pieces are
 * written directly (a piece row and its piece_circles row, as publishing writes them).
 */

useCirclesApp();

/** `times.length` circle-only pieces by `userId`, shared with `circleId`, created at `times`. */
async function sharedPieces(userId: string, circleId: string, times: Date[]): Promise<string[]> {
  const prompt = await createPrompt(t);
  const rows = await t.deps.db
    .insert(submissions)
    .values(
      times.map((at, i) => {
        const content = `Shared piece ${i} for the circle`;
        return {
          userId,
          promptId: prompt.id,
          content,
          wordCount: countWords(content),
          pagesWritten: pagesFor(countWords(content)),
          submissionType: "name" as const,
          isPrivate: true,
          localDate: localDate(at, "UTC"),
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .returning({ id: submissions.id, createdAt: submissions.createdAt });
  await t.deps.db.insert(pieceCircles).values(rows.map((r) => ({ submissionId: r.id, circleId, createdAt: r.createdAt })));
  return rows.map((r) => r.id);
}

const feedPage = (who: Caller, slug: string, cursor?: string) =>
  call<CircleFeedPage>(who, "GET", `/api/circles/${slug}/feed${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`);

const myCircle = async (who: Caller, id: string) => (await call<MyCircles>(who, "GET", "/api/circles")).body.circles.find((c) => c.id === id)!;

describe("GET /api/circles/:slug/feed", () => {
  it("lists no piece hidden in the circle, not even to its writer, and the page goes on past many of them", async () => {
    const cast = await circleWithRoles();
    const base = t.deps.clock.now().getTime() - 10 * 60 * 60_000;
    const older = await sharedPieces(cast.owner.id, cast.circle.id, [0, 1, 2].map((i) => new Date(base + i * 1000)));
    const hidden = await sharedPieces(cast.owner.id, cast.circle.id, Array.from({ length: 250 }, (_, i) => new Date(base + 60_000 + i * 1000)));
    await t.deps.db.update(pieceCircles).set({ hiddenAt: t.deps.clock.now() }).where(inArray(pieceCircles.submissionId, hidden));

    for (const who of [cast.member, cast.owner]) {
      const first = await feedPage(who, cast.circle.slug);
      expect(first.body.items.map((p) => p.id)).toEqual([...older].reverse());
      expect(first.body.nextCursor).toBeNull();
    }
  });

  it(`shows the circle's ${COMMUNITY_FEED_LIMIT} newest pieces, as the community's feed does`, async () => {
    const cast = await circleWithRoles();
    const base = t.deps.clock.now().getTime() - 10 * 60 * 60_000;
    await sharedPieces(cast.member.id, cast.circle.id, Array.from({ length: COMMUNITY_FEED_LIMIT + 5 }, (_, i) => new Date(base + i * 1000)));
    let cursor: string | undefined;
    let seen = 0;
    for (let i = 0; i < 10; i++) {
      const res = await feedPage(cast.owner, cast.circle.slug, cursor);
      seen += res.body.items.length;
      if (!res.body.nextCursor) break;
      cursor = res.body.nextCursor;
    }
    expect(seen).toBe(COMMUNITY_FEED_LIMIT);
  });

  it(`pages more than ${CIRCLE_PAGE_SIZE} pieces newest first, each once, with ties in time`, async () => {
    const cast = await circleWithRoles();
    const base = t.deps.clock.now().getTime() - 60 * 60_000;
    // Three pieces share each instant: the cursor must tell them apart.
    const times = Array.from({ length: 2 * CIRCLE_PAGE_SIZE + 7 }, (_, i) => new Date(base + Math.floor(i / 3) * 1000));
    const ids = await sharedPieces(cast.member.id, cast.circle.id, times);

    const seen: string[] = [];
    const keys: (readonly [number, string])[] = [];
    const pages: number[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const res = await feedPage(cast.owner, cast.circle.slug, cursor);
      expect(res.status).toBe(200);
      pages.push(res.body.items.length);
      seen.push(...res.body.items.map((p) => p.id));
      keys.push(...res.body.items.map((p) => [Date.parse(p.createdAt), p.id] as const));
      if (!res.body.nextCursor) break;
      cursor = res.body.nextCursor;
    }
    expect(pages).toEqual([CIRCLE_PAGE_SIZE, CIRCLE_PAGE_SIZE, 7]);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual([...ids].sort());
    // Newest first across pages, the same instant ordered by id (as the cursor reads them).
    const newestFirst = [...keys].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : 0));
    expect(keys).toEqual(newestFirst);
  });

  it("answers a crafted cursor with 422 and the reload message (the feed's, as the community's; the members list's own)", async () => {
    const cast = await circleWithRoles();
    await sharedPieces(cast.member.id, cast.circle.id, [t.deps.clock.now()]);
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    for (const cursor of [
      "not-a-cursor",
      b64({ t: "2026-13-01T00:00:00.000000Z", id: "00000000-0000-4000-8000-000000000000" }),
      b64({ t: "2026-01-01T00:00:00.000000Z", id: "1; drop table circles" }),
      b64({ t: "2026-01-01T00:00:00.000000Z" }),
      b64(["x"]),
    ]) {
      const res = await feedPage(cast.member, cast.circle.slug, cursor);
      expect([cursor, res.status, res.body.message]).toEqual([cursor, 422, COMMUNITY_MESSAGES.badCursor]);
      const members = await call(cast.member, "GET", `/api/circles/${cast.circle.slug}/members?cursor=${encodeURIComponent(cursor)}`);
      expect([cursor, members.status, members.body?.message]).toEqual([cursor, 422, CIRCLE_MESSAGES.badCursor]);
    }
    // A crafted cursor is still no way into a circle one is not in.
    expect((await feedPage(cast.outsider, cast.circle.slug, "not-a-cursor")).status).toBe(404);
  });

  it("answers an over-long crafted cursor with the same reload message, not the validator's words", async () => {
    const cast = await circleWithRoles();
    const long = Buffer.from(JSON.stringify({ t: "2026-01-01T00:00:00.000000Z", id: "00000000-0000-4000-8000-000000000000", pad: "x".repeat(400) })).toString("base64url");
    for (const path of ["feed", "members"]) {
      const res = await call(cast.member, "GET", `/api/circles/${cast.circle.slug}/${path}?cursor=${long}`);
      expect([path, res.status, res.body?.message]).toEqual([path, 422, path === "feed" ? COMMUNITY_MESSAGES.badCursor : CIRCLE_MESSAGES.badCursor]);
    }
  });

  it("keeps what a removed member shared, and lists it on the community's cards", async () => {
    const cast = await circleWithRoles();
    const id = await published(cast.member, { community: false, circles: [cast.circle.id], content: "A card's worth of words." });
    await call(cast.owner, "DELETE", `/api/circles/${cast.circle.slug}/members/${cast.member.id}`);
    const feed = await feedPage(cast.moderator, cast.circle.slug);
    expect(feed.body.items).toHaveLength(1);
    expect(withViewerMarks(feed.body).items[0]).toMatchObject({ id, preview: "A card's worth of words.", truncated: false, author: { label: cast.member.name, signature: "name" }, isMine: false });
    expect(feed.body.nextCursor).toBeNull();
  });
});

describe("GET /api/circles: new pieces", () => {
  it("counts the pieces shared since the member last opened the circle; opening it clears the count", async () => {
    const cast = await circleWithRoles();
    expect(await myCircle(cast.member, cast.circle.id)).toMatchObject({ newPieces: 0, newPiecesCapped: false });
    t.deps.testClock!.advance(1000);
    await published(cast.owner, { community: false, circles: [cast.circle.id] });
    t.deps.testClock!.advance(1000);
    await published(cast.moderator, { community: true, circles: [cast.circle.id] });
    // A piece shared with the community only is not the circle's.
    await published(cast.moderator);
    t.deps.testClock!.advance(1000);
    expect(await myCircle(cast.member, cast.circle.id)).toMatchObject({ newPieces: 2, newPiecesCapped: false });

    expect((await call(cast.member, "GET", `/api/circles/${cast.circle.slug}`)).status).toBe(200);
    expect(await myCircle(cast.member, cast.circle.id)).toMatchObject({ newPieces: 0 });
    // Reading the feed alone marks nothing: the circle's page does.
    t.deps.testClock!.advance(1000);
    await published(cast.owner, { community: false, circles: [cast.circle.id] });
    t.deps.testClock!.advance(1000);
    await feedPage(cast.member, cast.circle.slug);
    expect(await myCircle(cast.member, cast.circle.id)).toMatchObject({ newPieces: 1 });
  });

  it("stops counting at 99 and says the count is capped", async () => {
    const cast = await circleWithRoles();
    const start = t.deps.clock.now().getTime() + 60_000;
    await sharedPieces(cast.owner.id, cast.circle.id, Array.from({ length: 120 }, (_, i) => new Date(start + i)));
    t.deps.testClock!.advance(2 * 60_000);
    expect(await myCircle(cast.member, cast.circle.id)).toMatchObject({ newPieces: 99, newPiecesCapped: true });
    await call(cast.member, "GET", `/api/circles/${cast.circle.slug}`);
    expect(await myCircle(cast.member, cast.circle.id)).toMatchObject({ newPieces: 0, newPiecesCapped: false });
  });
});
