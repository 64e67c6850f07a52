import { describe, expect, it } from "vitest";
import { withViewerMarks } from "#shared/domain/viewer-marks.ts";
import type { CircleFeedPage } from "#shared/schemas/circles.ts";
import { feedCacheOf } from "../community/feed-first-page.ts";
import { call, circleWithRoles, published, t, useCirclesApp, type Caller } from "./test-helpers.ts";

/*
 * A circle's feed has the community's views, sorts and search (issue 29 item 4), and its common
 * views' pages come from the community's exact cache under the circle's own keys: a like, a hide
 * in the circle, a delete or a block shows at once, and no page crosses to another circle.
 */

useCirclesApp();

const feed = (who: Caller, slug: string, query = "") => call<CircleFeedPage & { message?: string }>(who, "GET", `/api/circles/${slug}/feed${query ? `?${query}` : ""}`);
const ids = (res: { body: CircleFeedPage }) => res.body.items.map((p) => p.id);
const like = (who: Caller, id: string) => call(who, "PUT", `/api/community/pieces/${id}/like`);

describe("a circle's feed: the community's views", () => {
  it("searches, sorts and filters the circle's pieces, and only the circle's", async () => {
    const cast = await circleWithRoles();
    const lantern = await published(cast.member, { community: false, circles: [cast.circle.id], content: "A lantern swung over the quiet harbour all night long." });
    t.deps.testClock!.advance(1000);
    const short = await published(cast.owner, { community: false, circles: [cast.circle.id], content: "Rain again." });
    t.deps.testClock!.advance(1000);
    const both = await published(cast.moderator, { community: true, circles: [cast.circle.id], content: "Morning tea and a lantern of a sun." });
    // The same word outside the circle: the community's, and another circle's.
    await published(cast.outsider, { content: "A lantern in the community." });
    const other = await circleWithRoles();
    await published(other.member, { community: false, circles: [other.circle.id], content: "A lantern in another circle." });
    expect((await like(cast.member, short)).status).toBe(200);
    expect((await like(cast.moderator, short)).status).toBe(200);
    expect((await like(cast.owner, lantern)).status).toBe(200);

    expect(ids(await feed(cast.member, cast.circle.slug))).toEqual([both, short, lantern]);
    expect(ids(await feed(cast.member, cast.circle.slug, "q=lantern"))).toEqual([both, lantern]);
    expect(ids(await feed(cast.member, cast.circle.slug, "q=harbour+quiet"))).toEqual([lantern]);
    expect(ids(await feed(cast.member, cast.circle.slug, "q=nothinglikethis"))).toEqual([]);
    expect(ids(await feed(cast.member, cast.circle.slug, "sort=liked"))).toEqual([short, lantern, both]);
    expect(ids(await feed(cast.member, cast.circle.slug, "sort=longest"))).toEqual([lantern, both, short]);
    expect(ids(await feed(cast.member, cast.circle.slug, "filter=featured"))).toEqual([]);
    expect(ids(await feed(cast.member, cast.circle.slug, "filter=week"))).toEqual([both, short, lantern]);
    // All three answer today's prompt; none is a freewrite.
    const prompt = (await call<{ piece: { prompt: { id: string } } }>(cast.member, "GET", `/api/community/pieces/${short}`)).body.piece.prompt.id;
    expect(ids(await feed(cast.member, cast.circle.slug, `prompt=${prompt}`))).toEqual([both, short, lantern]);
    expect(ids(await feed(cast.member, cast.circle.slug, "prompt=freewrite"))).toEqual([]);

    // A week later This Week is empty; the other views still list them.
    t.deps.testClock!.advance(8 * 24 * 60 * 60 * 1000);
    expect(ids(await feed(cast.member, cast.circle.slug, "filter=week"))).toEqual([]);
    expect(ids(await feed(cast.member, cast.circle.slug, "q=lantern"))).toEqual([both, lantern]);
  });

  it("answers a view it does not know as the community's feed does, and a non-member as for no circle", async () => {
    const cast = await circleWithRoles();
    const bad = await feed(cast.member, cast.circle.slug, "sort=oldest");
    expect([bad.status, bad.body.message]).toEqual([422, "Unknown sort"]);
    const community = await call<{ message: string }>(cast.member, "GET", "/api/community/feed?sort=oldest");
    expect(community.body.message).toBe(bad.body.message);
    expect((await feed(cast.member, cast.circle.slug, `q=${"x".repeat(500)}`)).status).toBe(422);
    for (const who of [cast.outsider, null]) {
      for (const query of ["", "q=lantern", "sort=liked"]) expect((await feed(who, cast.circle.slug, query)).status).toBe(who ? 404 : 401);
    }
  });
});

describe("a circle's feed: the community's cache", () => {
  it("serves a common view from the cache, and a like, a hide in the circle and a delete show at once", async () => {
    const cast = await circleWithRoles();
    const first = await published(cast.member, { community: false, circles: [cast.circle.id] });
    t.deps.testClock!.advance(1000);
    const second = await published(cast.owner, { community: false, circles: [cast.circle.id] });
    const cache = feedCacheOf(t.deps);

    expect(ids(await feed(cast.member, cast.circle.slug))).toEqual([second, first]);
    // The page is served from the cache once this instance has heard back its own last event
    // (on PostgreSQL a NOTIFY, which comes a moment after the commit; nothing is stored before).
    await expect
      .poll(async () => {
        const hits = cache.hits;
        await feed(cast.moderator, cast.circle.slug);
        return cache.hits - hits;
      })
      .toBe(1);
    const again = await feed(cast.moderator, cast.circle.slug);
    expect(ids(again)).toEqual([second, first]);
    // The cached page is everyone's; "mine" and "liked by me" are each member's own.
    expect(withViewerMarks(again.body).items.map((p) => p.isMine)).toEqual([false, false]);
    expect(withViewerMarks((await feed(cast.owner, cast.circle.slug)).body).items.map((p) => p.isMine)).toEqual([true, false]);

    expect((await like(cast.moderator, first)).status).toBe(200);
    const liked = await feed(cast.member, cast.circle.slug, "sort=liked");
    expect(ids(liked)).toEqual([first, second]);
    expect(withViewerMarks(liked.body).items[0]).toMatchObject({ likeCount: 1, likedByMe: false });
    expect(withViewerMarks((await feed(cast.moderator, cast.circle.slug)).body).items.find((p) => p.id === first)).toMatchObject({ likeCount: 1, likedByMe: true });

    expect((await call(cast.moderator, "POST", `/api/circles/${cast.circle.slug}/pieces/${second}/hide`, { reason: "Off topic" })).status).toBe(200);
    expect(ids(await feed(cast.member, cast.circle.slug))).toEqual([first]);
    expect((await call(cast.moderator, "DELETE", `/api/circles/${cast.circle.slug}/pieces/${second}/hide`)).status).toBe(200);
    expect(ids(await feed(cast.member, cast.circle.slug))).toEqual([second, first]);

    expect((await call(cast.member, "DELETE", `/api/submissions/${first}`)).status).toBe(200);
    expect(ids(await feed(cast.owner, cast.circle.slug))).toEqual([second]);
  });

  it("keeps each circle's pages its own, and a member's blocks their own", async () => {
    const a = await circleWithRoles();
    const b = await circleWithRoles();
    const inA = await published(a.member, { community: false, circles: [a.circle.id] });
    const inB = await published(b.member, { community: false, circles: [b.circle.id] });
    expect(ids(await feed(a.owner, a.circle.slug))).toEqual([inA]);
    expect(ids(await feed(b.owner, b.circle.slug))).toEqual([inB]);
    expect(ids(await feed(a.moderator, a.circle.slug))).toEqual([inA]);

    // Blocks apply in circles (issue 29 item 7): a member blocks from a circle piece; one outside the circle finds no such piece.
    expect((await call(b.owner, "POST", "/api/blocks", { pieceId: inA })).status).toBe(404);
    // The owner blocks the member's signature: the cached page is read again for them alone.
    const blocked = await call(a.owner, "POST", "/api/blocks", { pieceId: inA });
    expect(blocked.status).toBe(201);
    expect(ids(await feed(a.owner, a.circle.slug))).toEqual([]);
    expect(ids(await feed(a.moderator, a.circle.slug))).toEqual([inA]);
  });

});
