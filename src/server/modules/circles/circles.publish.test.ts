import { describe, expect, it } from "vitest";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import { PIECE_CONTROL_MESSAGES } from "#shared/domain/piece-controls.ts";
import type { CircleFeedPage } from "#shared/schemas/circles.ts";
import type { PieceResponse, PortfolioPage, ShareLinkResponse } from "#shared/schemas/portfolio.ts";
import {
  call,
  circlesOfPiece,
  circleWithRoles,
  confirmedWriter,
  createCircle,
  piecesOf,
  publish,
  published,
  useCirclesApp,
  type Caller,
} from "./test-helpers.ts";

/*
 * Publishing to circles (issue 29 item 3) as a writer does, through POST /api/submissions, and
 * what then opens a circle piece: its share link, its comments' refusals, the circle's deletion.
 */

useCirclesApp();

const piecePage = (who: Caller, id: string, share?: string) => call<PieceResponse>(who, "GET", `/api/submissions/${id}${share ? `?share=${share}` : ""}`);

describe("POST /api/submissions with an audience", () => {
  it("publishes to a circle only: private to the community, shared with the circle", async () => {
    const cast = await circleWithRoles();
    const res = await publish(cast.member, { community: false, circles: [cast.circle.id] });
    expect(res.status).toBe(201);
    expect(res.body.submission.isPrivate).toBe(true);
    expect(await circlesOfPiece(res.body.submission.id)).toEqual([cast.circle.id]);
    const feed = await call<CircleFeedPage>(cast.owner, "GET", `/api/circles/${cast.circle.slug}/feed`);
    expect(feed.body.items.map((i) => i.id)).toEqual([res.body.submission.id]);
  });

  it("publishes to the community and two circles at once (a circle named twice counts once)", async () => {
    const cast = await circleWithRoles();
    const second = await createCircle(cast.member);
    const res = await publish(cast.member, { community: true, circles: [cast.circle.id, second.id, cast.circle.id.toUpperCase()] });
    expect(res.status).toBe(201);
    expect(res.body.submission.isPrivate).toBe(false);
    expect((await circlesOfPiece(res.body.submission.id)).sort()).toEqual([cast.circle.id, second.id].sort());
  });

  it("refuses a publish to nowhere (no community, no circle) and writes nothing", async () => {
    const writer = await confirmedWriter();
    const res = await publish(writer, { community: false, circles: [] });
    expect([res.status, res.body.message]).toEqual([422, CIRCLE_MESSAGES.shareSomewhere]);
    expect(await piecesOf(writer.id)).toBe(0);
  });

  it("refuses a circle the writer is not in, even beside one they are in, and writes nothing", async () => {
    const cast = await circleWithRoles();
    const theirs = await circleWithRoles();
    const elsewhere = await createCircle(cast.outsider);
    for (const circles of [[theirs.circle.id], [cast.circle.id, theirs.circle.id], ["00000000-0000-4000-8000-000000000000"]]) {
      for (const community of [true, false]) {
        const res = await publish(cast.member, { community, circles });
        expect([res.status, res.body.message]).toEqual([422, CIRCLE_MESSAGES.notInCircle]);
      }
    }
    expect(await piecesOf(cast.member.id)).toBe(0);
    // A site admin is no member of a circle either.
    const admin = await confirmedWriter("Site Admin", { admin: true });
    expect((await publish(admin, { community: false, circles: [elsewhere.id] })).status).toBe(422);
    expect(await piecesOf(admin.id)).toBe(0);
  });

  it("keeps a save private and shared with no circle, whatever it names", async () => {
    const cast = await circleWithRoles();
    const res = await publish(cast.member, { action: "save", community: false, circles: [cast.circle.id] });
    expect(res.status).toBe(201);
    expect(res.body.submission.isPrivate).toBe(true);
    expect(await circlesOfPiece(res.body.submission.id)).toEqual([]);
    expect((await call(cast.owner, "GET", `/api/community/pieces/${res.body.submission.id}`)).status).toBe(404);
  });
});

describe("a share link of a circle-only piece", () => {
  it("opens for the circle's members, not for a visitor or a writer outside it", async () => {
    const cast = await circleWithRoles();
    const id = await published(cast.member, { community: false, circles: [cast.circle.id] });
    const link = await call<ShareLinkResponse>(cast.member, "POST", `/api/submissions/${id}/share-links`, {});
    expect([201, 200]).toContain(link.status);
    const { token } = link.body;
    for (const who of [null, cast.outsider]) expect((await piecePage(who, id, token)).status).toBe(404);
    expect((await piecePage(cast.owner, id, token)).status).toBe(200);
    expect((await piecePage(cast.owner, id)).status).toBe(200);

    // A private save with no circle: its link opens for anyone holding it (as before circles).
    const saved = await publish(cast.member, { action: "save" });
    const savedLink = await call<ShareLinkResponse>(cast.member, "POST", `/api/submissions/${saved.body.submission.id}/share-links`, {});
    expect((await piecePage(null, saved.body.submission.id, savedLink.body.token)).status).toBe(200);
  });
});

describe("comments on a circle-only piece", () => {
  it("tells a member that comments are off (403), as on a community piece, not that the piece is missing", async () => {
    const cast = await circleWithRoles();
    const id = await published(cast.member, { community: false, circles: [cast.circle.id] });
    const open = await published(cast.member);
    for (const piece of [open, id]) {
      const off = await call(cast.member, "PATCH", `/api/submissions/${piece}/controls`, { commentsOff: true });
      expect(off.status).toBe(200);
    }
    const onCommunityPiece = await call(cast.owner, "POST", `/api/community/pieces/${open}/comments`, { content: "Hello" });
    expect([onCommunityPiece.status, onCommunityPiece.body?.message]).toEqual([403, PIECE_CONTROL_MESSAGES.commentsOff]);
    const onCirclePiece = await call(cast.owner, "POST", `/api/community/pieces/${id}/comments`, { content: "Hello" });
    expect([onCirclePiece.status, onCirclePiece.body?.message]).toEqual([403, PIECE_CONTROL_MESSAGES.commentsOff]);
  });
});

describe("deleting a circle", () => {
  it("closes its circle-only pieces to former members; they stay in their writer's portfolio", async () => {
    const cast = await circleWithRoles("Closing Time");
    const id = await published(cast.member, { community: false, circles: [cast.circle.id] });
    expect((await call(cast.moderator, "GET", `/api/community/pieces/${id}`)).status).toBe(200);

    const gone = await call(cast.owner, "DELETE", `/api/circles/${cast.circle.slug}`, { confirmName: "Closing Time" });
    expect(gone.status).toBe(200);
    for (const who of [cast.owner, cast.moderator]) {
      expect((await call(who, "GET", `/api/community/pieces/${id}`)).status).toBe(404);
      expect((await piecePage(who, id)).status).toBe(404);
      expect((await call(who, "PUT", `/api/community/pieces/${id}/like`)).status).toBe(404);
    }
    const mine = await piecePage(cast.member, id);
    expect(mine.status).toBe(200);
    expect(mine.body.submission).toMatchObject({ id, isPrivate: true, isOwner: true });
    const portfolio = await call<PortfolioPage>(cast.member, "GET", "/api/me/submissions");
    expect(portfolio.body.items.map((i) => i.id)).toContain(id);
    expect(await circlesOfPiece(id)).toEqual([]);
  });
});
