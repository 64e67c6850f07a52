import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { APP_URL } from "#tests/setup/app.ts";
import { createSubmission } from "#tests/factories.ts";
import { shareLinks } from "#server/db/schema/index.ts";
import type { ShareLinkResponse } from "#shared/schemas/portfolio.ts";
import { DAY_MS, admin, other, owner, share, t, usePortfolioApp, type ErrorBody } from "./test-helpers.ts";

usePortfolioApp();

describe("POST /api/submissions/:id/share-links", () => {
  it("asks a visitor to log in", async () => {
    const p = await createSubmission(t, owner, { isPrivate: true });
    const res = await t.json(`/api/submissions/${p.id}/share-links`, { json: {} });
    expect(res.status).toBe(401);
  });

  it("refuses another writer: 404 for a private piece, 403 for a public one", async () => {
    const priv = await createSubmission(t, owner, { isPrivate: true });
    const pub = await createSubmission(t, owner);
    expect((await t.json(`/api/submissions/${priv.id}/share-links`, { json: {}, cookie: other.cookie })).status).toBe(404);
    expect((await t.json(`/api/submissions/${pub.id}/share-links`, { json: {}, cookie: other.cookie })).status).toBe(403);
    expect(await t.deps.db.select().from(shareLinks).where(eq(shareLinks.submissionId, priv.id))).toHaveLength(0);
  });

  it("gives the owner an 8-character link for 24 hours, and reuses it while it lasts", async () => {
    const p = await createSubmission(t, owner, { isPrivate: true });
    const before = t.deps.clock.now().getTime();
    const res = await t.json<ShareLinkResponse>(`/api/submissions/${p.id}/share-links`, { json: { hours: 24 }, cookie: owner.cookie });
    const after = t.deps.clock.now().getTime();
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(res.body.shareUrl).toBe(`${APP_URL}/share/${res.body.token}`);
    const expires = new Date(res.body.expiresAt).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + DAY_MS);
    expect(expires).toBeLessThanOrEqual(after + DAY_MS);

    const again = await t.json<ShareLinkResponse>(`/api/submissions/${p.id}/share-links`, { json: {}, cookie: owner.cookie });
    expect(again.status).toBe(200);
    expect(again.body.token).toBe(res.body.token);

    // Close to its end the link is not handed out again: a new one is made.
    t.deps.testClock!.advance(DAY_MS - 30 * 60_000);
    const fresh = await t.json<ShareLinkResponse>(`/api/submissions/${p.id}/share-links`, { json: {}, cookie: owner.cookie });
    expect(fresh.status).toBe(201);
    expect(fresh.body.token).not.toBe(res.body.token);
  });

  it("lets an admin create a link to a public piece, never to someone's private one", async () => {
    const secret = await createSubmission(t, owner, { isPrivate: true });
    const refused = await t.json(`/api/submissions/${secret.id}/share-links`, { json: {}, cookie: admin.cookie });
    expect(refused.status).toBe(404);
    const p = await createSubmission(t, owner, { isPrivate: false });
    const res = await t.json<ShareLinkResponse>(`/api/submissions/${p.id}/share-links`, { json: {}, cookie: admin.cookie });
    expect(res.status).toBe(201);
    const [row] = await t.deps.db.select().from(shareLinks).where(eq(shareLinks.token, res.body.token));
    expect(row!.createdBy).toBe(admin.id);
  });

  it("answers 404 for an id that is not a uuid", async () => {
    const res = await t.json<ErrorBody>(`/api/submissions/not-a-uuid/share-links`, { json: {}, cookie: owner.cookie });
    expect(res).toMatchObject({ status: 404, body: { code: "not_found", message: "Not found" } });
  });

  it("refuses a lifetime beyond 24 hours", async () => {
    const p = await createSubmission(t, owner, { isPrivate: true });
    const res = await t.json(`/api/submissions/${p.id}/share-links`, { json: { hours: 48 }, cookie: owner.cookie });
    expect(res.status).toBe(422);
  });

  it("tells the writer how the link's readers will see the piece signed", async () => {
    // A private save is signed with the registered name: the link shows that name to its readers.
    const secret = await createSubmission(t, owner, { isPrivate: true, submissionType: "name" });
    expect(await share(secret.id)).toMatchObject({ isPrivate: true, authorLabel: "Olive Owner" });
    const aliased = await createSubmission(t, owner, { submissionType: "alias" });
    expect(await share(aliased.id)).toMatchObject({ isPrivate: false, authorLabel: "Quill Feather" });
    // The reused link answers the same.
    expect(await share(secret.id)).toMatchObject({ isPrivate: true, authorLabel: "Olive Owner" });
  });

  it("draws different tokens for different pieces", async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) tokens.add((await share((await createSubmission(t, owner, { isPrivate: true })).id)).token);
    expect(tokens.size).toBe(5);
  });
});

describe("GET /api/share/:token", () => {
  it("checks the format first", async () => {
    for (const bad of ["abc", "abcdefghi", "abc.def", "abc%20de"]) {
      const res = await t.json<ErrorBody>(`/api/share/${bad}`);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Invalid share link format");
    }
  });

  it("answers the piece a valid token opens, for anyone", async () => {
    const p = await createSubmission(t, owner, { isPrivate: true });
    const link = await share(p.id);
    for (const cookie of [null, other.cookie, owner.cookie]) {
      const res = await t.json<{ submissionId: string }>(`/api/share/${link.token}`, { cookie });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ submissionId: p.id });
    }
  });

  it("refuses an unknown or expired token at once, in the words of the spec's catalogue (§8)", async () => {
    const unknown = await t.json<ErrorBody>(`/api/share/Zz9_-Zz9`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Invalid or expired share token");
    const p = await createSubmission(t, owner, { isPrivate: true });
    const link = await share(p.id);
    t.deps.testClock!.advance(DAY_MS);
    const expired = await t.json<ErrorBody>(`/api/share/${link.token}`);
    expect(expired.status).toBe(404);
    expect(expired.body.message).toBe("Invalid or expired share token");
  });
});
