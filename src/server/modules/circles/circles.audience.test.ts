import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { COMMUNITY_SORTS } from "#shared/domain/community.ts";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import type { CircleFeedPage } from "#shared/schemas/circles.ts";
import type { CommunityFeedPage } from "#shared/schemas/community.ts";
import type { PieceResponse } from "#shared/schemas/portfolio.ts";
import { submissions } from "#server/db/schema/index.ts";
import { readFeed } from "../feeds/feeds.test-helpers.ts";
import { call, circleWithRoles, confirmedWriter, published, t, useCirclesApp, type Caller, type CircleCast } from "./test-helpers.ts";

/*
 * Who reads a piece shared with a circle (issue 29 item 3, src/server/db/audience.ts): its
 * circle's members open, like and comment on it, and find it in the circle's feed; to everyone
 * else it does not exist, and no community list, RSS feed or podium ever shows it.
 */

useCirclesApp();

const piece = (who: Caller, id: string) => call<{ piece: { id: string; author: { label: string } } }>(who, "GET", `/api/community/pieces/${id}`);
const like = (who: Caller, id: string) => call<{ liked: boolean; likeCount: number }>(who, "PUT", `/api/community/pieces/${id}/like`);
const comment = (who: Caller, id: string, content = "Lovely.") => call(who, "POST", `/api/community/pieces/${id}/comments`, { content });
const circleFeed = (who: Caller, slug: string) => call<CircleFeedPage>(who, "GET", `/api/circles/${slug}/feed`);

/** A piece by the circle's member, shared with the circle only. */
const circleOnly = (cast: CircleCast, signature: "name" | "anonymous" = "name") =>
  published(cast.member, { community: false, circles: [cast.circle.id], signature });

describe("a piece shared with a circle only", () => {
  it("is opened, liked and commented on by the circle's members", async () => {
    const cast = await circleWithRoles();
    const id = await circleOnly(cast);
    for (const who of [cast.owner, cast.moderator, cast.member]) {
      const res = await piece(who, id);
      expect(res.status).toBe(200);
      expect(res.body.piece.id).toBe(id);
      expect((await call<PieceResponse>(who, "GET", `/api/submissions/${id}`)).status).toBe(200);
    }
    expect((await like(cast.owner, id)).body).toEqual({ liked: true, likeCount: 1 });
    expect((await like(cast.moderator, id)).body).toEqual({ liked: true, likeCount: 2 });
    expect((await comment(cast.owner, id, "This one stays with me.")).status).toBe(201);
    const comments = await call<{ items: { content: string }[] }>(cast.moderator, "GET", `/api/community/pieces/${id}/comments`);
    expect(comments.status).toBe(200);
    expect(JSON.stringify(comments.body)).toContain("This one stays with me.");
    const feed = await circleFeed(cast.moderator, cast.circle.slug);
    expect(feed.body.items.map((i) => [i.id, i.likeCount, i.commentCount])).toEqual([[id, 2, 1]]);
  });

  it("does not exist for a writer outside the circle or a visitor: 404 to open, like or comment", async () => {
    const cast = await circleWithRoles();
    const id = await circleOnly(cast);
    for (const who of [cast.outsider, null]) {
      expect((await piece(who, id)).status).toBe(404);
      expect((await call(who, "GET", `/api/submissions/${id}`)).status).toBe(404);
      expect((await call(who, "GET", `/api/community/pieces/${id}/comments`)).status).toBe(404);
    }
    expect((await like(cast.outsider, id)).status).toBe(404);
    expect((await comment(cast.outsider, id)).status).toBe(404);
    const [row] = await t.deps.db.select({ likes: submissions.likeCount, comments: submissions.commentCount }).from(submissions).where(eq(submissions.id, id));
    expect(row).toEqual({ likes: 0, comments: 0 });
    // Nor is a site admin's reading of circles a way into their pieces' likes: an admin outside the circle is a writer outside it.
    const admin = await confirmedWriter("Site Admin", { admin: true });
    expect((await like(admin, id)).status).toBe(404);
  });

  it("opens for a site admin who reads the circle's feed, as access.ts says their powers reach circle pieces", async () => {
    const cast = await circleWithRoles();
    const id = await circleOnly(cast);
    const admin = await confirmedWriter("Site Admin", { admin: true });
    // The admin is shown the card in the circle's feed...
    expect((await circleFeed(admin, cast.circle.slug)).body.items.map((i) => i.id)).toEqual([id]);
    // ...and following it opens the piece.
    expect((await piece(admin, id)).status).toBe(200);
    expect((await call(admin, "GET", `/api/submissions/${id}`)).status).toBe(200);
  });

  it("closes to a member once removed, and to one banned", async () => {
    const cast = await circleWithRoles();
    const id = await published(cast.owner, { community: false, circles: [cast.circle.id] });
    await call(cast.owner, "DELETE", `/api/circles/${cast.circle.slug}/members/${cast.member.id}?ban=1`);
    await call(cast.owner, "DELETE", `/api/circles/${cast.circle.slug}/members/${cast.moderator.id}`);
    for (const who of [cast.member, cast.moderator]) {
      expect((await piece(who, id)).status).toBe(404);
      expect((await like(who, id)).status).toBe(404);
      expect((await comment(who, id)).status).toBe(404);
      const feed = await circleFeed(who, cast.circle.slug);
      expect([feed.status, feed.body.message]).toEqual([404, CIRCLE_MESSAGES.notFound]);
    }
  });

  it("never shows in the community feed (any sort), the RSS feeds or the podium", async () => {
    const cast = await circleWithRoles();
    const hidden = await circleOnly(cast);
    const both = await published(cast.member, { community: true, circles: [cast.circle.id] });
    // The shared piece is a pick, so the podium and the picks feed have something to show (a private piece can't be one: submissions_featured_public).
    await t.deps.db.update(submissions).set({ isFeatured: true, featuredAt: t.deps.clock.now() }).where(eq(submissions.id, both));
    const [{ promptId } = { promptId: "" }] = await t.deps.db.select({ promptId: submissions.promptId }).from(submissions).where(eq(submissions.id, hidden));

    for (const who of [cast.owner, cast.member, cast.outsider, null]) {
      for (const sort of COMMUNITY_SORTS) {
        for (const prompt of [promptId, "all"]) {
          const res = await call<CommunityFeedPage>(who, "GET", `/api/community/feed?sort=${sort}&prompt=${prompt}`);
          expect(res.status).toBe(200);
          const ids = res.body.items.map((i) => i.id);
          expect(ids).toContain(both);
          expect(ids).not.toContain(hidden);
        }
      }
      const featured = await call<CommunityFeedPage>(who, "GET", `/api/community/feed?filter=featured`);
      expect(featured.body.items.map((i) => i.id)).toEqual(expect.arrayContaining([both]));
      expect(featured.body.items.map((i) => i.id)).not.toContain(hidden);
      const podium = await call<{ picks: { id: string }[] }>(who, "GET", "/api/podium");
      expect(podium.body.picks.map((p) => p.id)).toContain(both);
      expect(podium.body.picks.map((p) => p.id)).not.toContain(hidden);
    }
    for (const kind of ["community", "picks"] as const) {
      const { xml } = await readFeed(t, kind);
      expect(xml).toContain(both);
      expect(xml).not.toContain(hidden);
    }
  });

  it("signed Anonymous, shows 'Anonymous' to the members and the owner, and nothing sent names its writer", async () => {
    const cast = await circleWithRoles();
    const id = await circleOnly(cast, "anonymous");
    const secrets = [cast.member.id, cast.member.name, cast.member.email];
    for (const who of [cast.owner, cast.moderator]) {
      const feed = await circleFeed(who, cast.circle.slug);
      expect(feed.body.items.map((i) => [i.id, i.author.label, i.author.signature, i.author.streak])).toEqual([[id, "Anonymous", "anonymous", null]]);
      const open = await piece(who, id);
      expect(open.body.piece.author.label).toBe("Anonymous");
      const page = await call<PieceResponse>(who, "GET", `/api/submissions/${id}`);
      expect(page.body.submission.authorLabel).toBe("Anonymous");
      for (const body of [feed.body, open.body, page.body]) {
        for (const secret of secrets) expect(JSON.stringify(body)).not.toContain(secret);
      }
    }
  });
});

describe("a piece shared with the community and a circle", () => {
  it("is read by everyone and listed in the circle's feed too", async () => {
    const cast = await circleWithRoles();
    const id = await published(cast.member, { community: true, circles: [cast.circle.id] });
    for (const who of [cast.outsider, null, cast.owner]) expect((await piece(who, id)).status).toBe(200);
    expect((await like(cast.outsider, id)).status).toBe(200);
    expect((await circleFeed(cast.owner, cast.circle.slug)).body.items.map((i) => i.id)).toEqual([id]);
    // It stays in the community after the circle is gone.
    await call(cast.owner, "DELETE", `/api/circles/${cast.circle.slug}`, { confirmName: cast.circle.name });
    expect((await piece(null, id)).status).toBe(200);
  });

  it("lists in the circle's feed pieces the members shared, not a member's community-only pieces", async () => {
    const cast = await circleWithRoles();
    const communityOnly = await published(cast.member);
    const shared = await circleOnly(cast);
    expect((await circleFeed(cast.member, cast.circle.slug)).body.items.map((i) => i.id)).toEqual([shared]);
    expect((await piece(cast.outsider, communityOnly)).status).toBe(200);
  });
});
