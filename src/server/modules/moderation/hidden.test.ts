import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CommentList, CommunityFeedPage } from "#shared/schemas/community.ts";
import type { PortfolioPage } from "#shared/schemas/portfolio.ts";
import type { PublicPodium } from "#shared/schemas/admin.ts";
import { act, admin, author, bystander, newComment, newPiece, reporter, t, useModerationApp } from "./test-helpers.ts";

// Issue 13 item 2: a hidden piece or comment is gone for everyone but its writer and admins.
const clientDir = mkdtempSync(join(tmpdir(), "inkwell-client-"));
writeFileSync(join(clientDir, "index.html"), "<!doctype html><html><head><title>inkwell</title><!--app-head--></head><body></body></html>");
useModerationApp({ CLIENT_DIST_DIR: clientDir });
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const feedIds = async (query: string, cookie: string | null = null) => {
  const res = await t.json<CommunityFeedPage>(`/api/community/feed?${query}`, { cookie });
  expect(res.status).toBe(200);
  return res.body.items.map((i) => i.id);
};

describe("a hidden piece", () => {
  it("leaves the feed (cached first page, search, Editor's Picks), the podium, the piece page, share links, the OG image and the page meta", async () => {
    const piece = await newPiece({ isFeatured: true });
    const link = await t.json<{ token: string }>(`/api/submissions/${piece.id}/share-links`, { json: {}, cookie: author.cookie });
    const word = piece.content.split(" ").at(-1)!;
    expect(await feedIds("prompt=all")).toContain(piece.id);
    expect(await feedIds(`prompt=${piece.promptId}&q=${word}`)).toContain(piece.id);
    expect((await act("hide", "piece", piece.id)).status).toBe(200);

    for (const cookie of [null, reporter.cookie, author.cookie, admin.cookie]) {
      expect(await feedIds("prompt=all", cookie)).not.toContain(piece.id);
      expect(await feedIds(`prompt=${piece.promptId}&q=${word}`, cookie)).not.toContain(piece.id);
      expect(await feedIds("prompt=all&filter=featured", cookie)).not.toContain(piece.id);
    }
    const podium = await t.json<PublicPodium>("/api/podium");
    expect(podium.body.picks.map((p) => p.id)).not.toContain(piece.id);
    for (const cookie of [null, reporter.cookie]) {
      expect((await t.json(`/api/community/pieces/${piece.id}`, { cookie })).status).toBe(404);
      expect((await t.json(`/api/community/pieces/${piece.id}/comments`, { cookie })).status).toBe(404);
      expect((await t.json(`/api/submissions/${piece.id}`, { cookie })).status).toBe(404);
      expect((await t.json(`/api/submissions/${piece.id}?share=${link.body.token}`, { cookie })).status).toBe(404);
      expect((await t.request(`/api/og/${piece.id}.png`, { cookie })).status).toBe(404);
      expect((await t.request(`/api/og/${piece.id}.png?share=${link.body.token}`, { cookie })).status).toBe(404);
      const html = await (await t.request(`/submission/${piece.id}?share=${link.body.token}`, { cookie })).text();
      expect(html).not.toContain(piece.content.slice(0, 20));
      expect(html).not.toContain(`/api/og/${piece.id}`);
    }
    // Its writer and admins still read it.
    for (const cookie of [author.cookie, admin.cookie]) {
      expect((await t.json(`/api/community/pieces/${piece.id}`, { cookie })).status).toBe(200);
      expect((await t.json(`/api/submissions/${piece.id}`, { cookie })).status).toBe(200);
      expect((await t.request(`/api/og/${piece.id}.png`, { cookie })).status).toBe(200);
    }
  });

  it("shows 'Hidden by moderators' with the reason to its writer only (portfolio and piece page), and nothing once restored", async () => {
    const piece = await newPiece();
    await act("hide", "piece", piece.id, admin, "Copied from elsewhere");
    const mine = await t.json<PortfolioPage>("/api/me/submissions", { cookie: author.cookie });
    expect(mine.body.items.find((i) => i.id === piece.id)?.hiddenReason).toBe("Copied from elsewhere");
    const own = await t.json<{ submission: { hiddenReason?: string | null } }>(`/api/submissions/${piece.id}`, { cookie: author.cookie });
    expect(own.body.submission.hiddenReason).toBe("Copied from elsewhere");
    const asAdmin = await t.json<{ submission: { hiddenReason?: string | null } }>(`/api/submissions/${piece.id}`, { cookie: admin.cookie });
    expect(asAdmin.body.submission.hiddenReason).toBeUndefined();
    await act("restore", "piece", piece.id);
    const after = await t.json<PortfolioPage>("/api/me/submissions", { cookie: author.cookie });
    expect(after.body.items.find((i) => i.id === piece.id)?.hiddenReason).toBeNull();
    expect(await feedIds("prompt=all")).toContain(piece.id);
  });

  it("cannot be liked or commented on meanwhile", async () => {
    const piece = await newPiece();
    await act("hide", "piece", piece.id);
    expect((await t.json(`/api/community/pieces/${piece.id}/like`, { method: "PUT", cookie: reporter.cookie })).status).toBe(404);
    expect((await t.json(`/api/community/pieces/${piece.id}/comments`, { json: { content: "Hello" }, cookie: reporter.cookie })).status).toBe(404);
  });
});

describe("a hidden comment", () => {
  it("leaves the comments of others and the count; its writer and admins see it marked, with the reason", async () => {
    const piece = await newPiece();
    const commentId = await newComment(piece.id, bystander, "A rude remark");
    await newComment(piece.id, reporter, "A kind remark");
    expect((await act("hide", "comment", commentId, admin, "Rude")).status).toBe(200);
    for (const cookie of [null, reporter.cookie, author.cookie]) {
      const list = await t.json<CommentList>(`/api/community/pieces/${piece.id}/comments`, { cookie });
      expect(list.body.comments.map((c) => c.id)).not.toContain(commentId);
      expect(list.body.commentCount).toBe(1);
    }
    for (const cookie of [bystander.cookie, admin.cookie]) {
      const list = await t.json<CommentList>(`/api/community/pieces/${piece.id}/comments`, { cookie });
      expect(list.body.comments.find((c) => c.id === commentId)?.hiddenReason).toBe("Rude");
    }
    await act("restore", "comment", commentId);
    const list = await t.json<CommentList>(`/api/community/pieces/${piece.id}/comments`, { cookie: reporter.cookie });
    expect(list.body.comments.map((c) => c.id)).toContain(commentId);
    expect(list.body.commentCount).toBe(2);
  });

  it("deleted by its writer while hidden leaves the count right", async () => {
    const piece = await newPiece();
    const commentId = await newComment(piece.id, bystander);
    await act("hide", "comment", commentId);
    expect((await t.json(`/api/community/comments/${commentId}`, { method: "DELETE", cookie: bystander.cookie })).status).toBe(200);
    const list = await t.json<CommentList>(`/api/community/pieces/${piece.id}/comments`);
    expect(list.body.commentCount).toBe(0);
  });
});
