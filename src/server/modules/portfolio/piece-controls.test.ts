import { describe, expect, it } from "vitest";
import { MESSAGES } from "#shared/errors.ts";
import type { CommentList, CommunityFeedPage } from "#shared/schemas/community.ts";
import { PIECE_CONTROL_MESSAGES } from "#shared/schemas/piece-controls.ts";
import { PORTFOLIO_MESSAGES, type PieceResponse } from "#shared/schemas/portfolio.ts";
import { createPrompt, createSubmission } from "#tests/factories.ts";
import { pieceImageTree } from "#server/og/piece-image.ts";
import { admin, other, owner, t, usePortfolioApp, type ErrorBody } from "./test-helpers.ts";

/* A writer's own controls of a piece: comments off, a content warning (issue 13 item 6). */

usePortfolioApp();

const controls = (id: string, json: unknown, cookie?: string | null) =>
  t.json<PieceResponse & ErrorBody>(`/api/submissions/${id}/controls`, { method: "PATCH", json, cookie: cookie ?? null });
const comments = (id: string, cookie?: string) => t.json<CommentList>(`/api/community/pieces/${id}/comments`, { cookie });
const comment = (id: string, cookie: string, content = "A thought.") => t.json<ErrorBody>(`/api/community/pieces/${id}/comments`, { cookie, json: { content } });
let day = 0;
const ownPiece = async (opts: { isPrivate?: boolean } = {}) =>
  createSubmission(t, owner, { promptId: (await createPrompt(t, { date: `2044-01-${String(++day).padStart(2, "0")}` })).id, ...opts });

describe("PATCH /api/submissions/:id/controls", () => {
  it("is the writer's alone: a visitor hears 401, another writer and an admin 404, and nothing changes", async () => {
    const p = await ownPiece();
    const visitor = await controls(p.id, { commentsOff: true });
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toBe(MESSAGES.loginToEdit);
    for (const u of [other, admin]) {
      const res = await controls(p.id, { commentsOff: true, contentWarning: "spoilers" }, u.cookie);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(PORTFOLIO_MESSAGES.editNotFound);
    }
    expect((await comments(p.id)).body.commentsOff).toBe(false);
    expect((await controls("not-a-uuid", { commentsOff: true }, owner.cookie)).status).toBe(404);
  });

  it("refuses a warning over 80 characters and an empty change with a clear message", async () => {
    const p = await ownPiece();
    const long = await controls(p.id, { contentWarning: "x".repeat(81) }, owner.cookie);
    expect(long.status).toBe(422);
    expect(long.body.message).toBe(PIECE_CONTROL_MESSAGES.warningTooLong);
    const nothing = await controls(p.id, {}, owner.cookie);
    expect(nothing.status).toBe(422);
    expect(nothing.body.message).toBe(PIECE_CONTROL_MESSAGES.nothingToChange);
    expect((await controls(p.id, { contentWarning: "x".repeat(80) }, owner.cookie)).status).toBe(200);
  });

  it("comments off hides existing comments from everyone and refuses new ones; on again brings them back", async () => {
    const p = await ownPiece();
    expect((await comment(p.id, other.cookie, "Before the switch")).status).toBe(201);
    const off = await controls(p.id, { commentsOff: true }, owner.cookie);
    expect(off.status).toBe(200);
    expect(off.body.submission.commentsOff).toBe(true);

    for (const cookie of [undefined, other.cookie, owner.cookie, admin.cookie]) {
      expect((await comments(p.id, cookie)).body).toMatchObject({ comments: [], commentsOff: true });
    }
    const refused = await comment(p.id, other.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: "comments_off", message: PIECE_CONTROL_MESSAGES.commentsOff });
    expect((await comment(p.id, owner.cookie)).status).toBe(403);
    const card = await t.json<{ piece: { commentsOff: boolean; commentCount: number } }>(`/api/community/pieces/${p.id}`);
    expect(card.body.piece).toMatchObject({ commentsOff: true, commentCount: 1 });

    await controls(p.id, { commentsOff: false }, owner.cookie);
    expect((await comments(p.id)).body.comments.map((c) => c.content)).toEqual(["Before the switch"]);
    expect((await comment(p.id, other.cookie)).status).toBe(201);
  });

  it("shows the content warning on the feed card and the piece, and previews show only the warning", async () => {
    const p = await ownPiece();
    const before = Buffer.from(await (await t.request(`/api/og/${p.id}.png`)).arrayBuffer());
    const set = await controls(p.id, { contentWarning: "  grief  " }, owner.cookie);
    expect(set.body.submission.contentWarning).toBe("grief");

    const feed = await t.json<CommunityFeedPage>(`/api/community/feed?prompt=${p.promptId}`);
    expect(feed.body.items.find((i) => i.id === p.id)?.contentWarning).toBe("grief");
    expect((await t.json<{ piece: { contentWarning: string } }>(`/api/community/pieces/${p.id}`)).body.piece.contentWarning).toBe("grief");
    expect((await t.json<PieceResponse>(`/api/submissions/${p.id}`)).body.submission.contentWarning).toBe("grief");

    const html = await (await t.request(`/submission/${p.id}`)).text();
    for (const key of ['name="description"', 'property="og:description"', 'name="twitter:description"']) {
      expect(html).toContain(`<meta ${key} content="Content warning: grief">`);
    }
    expect(html).not.toContain(p.content.slice(0, 20));
    // The image is drawn again, with the warning in place of the title.
    const after = Buffer.from(await (await t.request(`/api/og/${p.id}.png`)).arrayBuffer());
    expect(after.equals(before)).toBe(false);
    const tree = JSON.stringify(pieceImageTree({ title: "Raw title", authorLabel: "Olive", wordCount: 3, kind: "Writing", siteName: "inkwell", contentWarning: "grief" }));
    expect(tree).toContain("Content warning: grief");
    expect(tree).not.toContain("Raw title");

    // Cleared: the text is the description again.
    await controls(p.id, { contentWarning: "" }, owner.cookie);
    const cleared = await (await t.request(`/submission/${p.id}`)).text();
    expect(cleared).not.toContain("Content warning");
  });

  it("announces a public piece's change on the live feed, without identity", async () => {
    const p = await ownPiece();
    const seen: unknown[] = [];
    const stop = t.deps.realtime.onLocalPublish((e) => seen.push(e));
    await controls(p.id, { commentsOff: true, contentWarning: "war" }, owner.cookie);
    stop();
    expect(seen).toEqual([expect.objectContaining({ type: "piece:controls", payload: { id: p.id, commentsOff: true, contentWarning: "war" } })]);
  });
});
