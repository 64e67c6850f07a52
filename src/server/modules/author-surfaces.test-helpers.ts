import { expect, vi } from "vitest";
import type { Signature } from "#shared/domain/author.ts";
import type { AdminPodium, PromptSubmissionsPage, PublicPodium } from "#shared/schemas/admin.ts";
import type { CommunityFeedPage, CommunityPieceDetail } from "#shared/schemas/community.ts";
import type { PieceResponse, ShareLinkResponse } from "#shared/schemas/portfolio.ts";
import { renderPieceImage } from "#server/og/piece-image.ts";
import { admin, t } from "./portfolio/test-helpers.ts";

/*
 * Every place a public piece's author is shown, read as a person (or a crawler) reads it: what
 * the author label says there, and all the text around it (for checks that nothing the
 * signature hides is shown). Used by the tests that every surface agrees with authorLabel()
 * (author-label-agreement.test.ts) and keeps a piece's signature (author-alias-kept.test.ts).
 *
 * The OG image is a PNG, so it is observed where the label goes in: the test file wraps
 * renderPieceImage in a spy that calls the real function (vi.mock, hoisted in the test file),
 * and the surface reads the `authorLabel` the route handed it.
 */

/** A public piece, as the surfaces find it. */
export interface ShownPiece {
  id: string;
  title: string;
  promptId: string;
  signature: Signature;
}
/** What one surface shows for one piece: the label, and the text around it. */
export type Shown = { label: string | undefined; text: string };
export type Surface = (p: ShownPiece) => Promise<Shown>;

export const getJson = async <T,>(path: string, cookie: string | null = null): Promise<T> => {
  const res = await t.json<T>(path, { cookie });
  expect(res.status, path).toBe(200);
  return res.body;
};
const shown = (label: string | undefined, item: unknown): Shown => ({ label, text: JSON.stringify(item ?? null) });
const jsonLdAuthor = (html: string) => {
  const raw = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
  return raw ? (JSON.parse(raw) as { author?: { name?: string } }).author?.name : undefined;
};
export const feedPage = (promptId: string, sort: string) => getJson<CommunityFeedPage>(`/api/community/feed?prompt=${promptId}&sort=${sort}`);

export const SURFACES: Record<string, Surface> = {
  "community feed (recent)": async (p) => {
    const item = (await feedPage(p.promptId, "recent")).items.find((i) => i.id === p.id);
    return shown(item?.author.label, item);
  },
  "community feed (by author)": async (p) => {
    const item = (await feedPage(p.promptId, "author")).items.find((i) => i.id === p.id);
    return shown(item?.author.label, item);
  },
  // What a live event makes an open feed fetch: events carry ids only (shared/schemas/events.ts).
  "community piece": async (p) => {
    const { piece } = await getJson<{ piece: CommunityPieceDetail }>(`/api/community/pieces/${p.id}`);
    expect(piece.author.signature).toBe(p.signature);
    return shown(piece.author.label, piece);
  },
  "piece page API": async (p) => {
    const { submission } = await getJson<PieceResponse>(`/api/submissions/${p.id}`);
    return shown(submission.authorLabel, submission);
  },
  "piece page meta tags": async (p) => {
    const res = await t.request(`/submission/${p.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`${p.title} · `);
    return { label: jsonLdAuthor(html), text: html };
  },
  "OG image": async (p) => {
    const res = await t.request(`/api/og/${p.id}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const input = vi.mocked(renderPieceImage).mock.calls.findLast(([i]) => i.title === p.title)?.[0];
    return shown(input?.authorLabel, input);
  },
  "share link and the page it opens": async (p) => {
    // An admin may share any public piece; a visitor opens the link.
    const res = await t.json<ShareLinkResponse>(`/api/submissions/${p.id}/share-links`, { json: {}, cookie: admin.cookie });
    expect([200, 201]).toContain(res.status);
    const link = res.body;
    const { submissionId } = await getJson<{ submissionId: string }>(`/api/share/${link.token}`);
    const { submission } = await getJson<PieceResponse>(`/api/submissions/${submissionId}?share=${link.token}`);
    expect(link.authorLabel).toBe(submission.authorLabel);
    return shown(submission.authorLabel, { link, submission });
  },
  "public podium": async (p) => {
    const pick = (await getJson<PublicPodium>("/api/podium")).picks.find((x) => x.id === p.id);
    return shown(pick?.authorLabel, pick);
  },
  "admin podium": async (p) => {
    const pick = (await getJson<AdminPodium>("/api/admin/podium", admin.cookie)).picks.find((x) => x.id === p.id);
    return shown(pick?.authorLabel, pick);
  },
  "admin prompt submissions": async (p) => {
    const page = await getJson<PromptSubmissionsPage>(`/api/admin/prompts/${p.promptId}/submissions`, admin.cookie);
    const item = page.submissions.find((s) => s.id === p.id);
    return shown(item?.authorLabel, item);
  },
};
