import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSubmission, createUser, freewritePrompt } from "#tests/factories.ts";
import { events, shareLinks, submissionComments, submissionLikes, submissions } from "#server/db/schema/index.ts";
import type { PieceResponse, PortfolioPage } from "#shared/schemas/portfolio.ts";
import { admin, other, owner, piece, share, t, usePortfolioApp, type ErrorBody } from "./test-helpers.ts";

usePortfolioApp();

describe("PATCH /api/submissions/:id/private", () => {
  it("asks a visitor to log in", async () => {
    const p = await createSubmission(t, owner);
    const res = await t.json<ErrorBody>(`/api/submissions/${p.id}/private`, { method: "PATCH", json: { content: "x" } });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("You must be logged in to edit writing");
  });

  it("refuses another writer and an admin with 404, changing nothing", async () => {
    const p = await createSubmission(t, owner, { content: "untouched words" });
    for (const u of [other, admin]) {
      const res = await t.json<ErrorBody>(`/api/submissions/${p.id}/private`, { method: "PATCH", json: { content: "hijacked" }, cookie: u.cookie });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Submission not found or you do not have permission to edit it");
    }
    const [row] = await t.deps.db.select().from(submissions).where(eq(submissions.id, p.id));
    expect(row!.privateContent).toBeNull();
    expect(row!.updatedAt.getTime()).toBe(p.updatedAt.getTime());
  });

  it("writes only the private version and updated_at; the community copy never changes", async () => {
    const p = await createSubmission(t, owner, { title: "Kept", content: "one two three four" });
    t.deps.testClock!.advance(5 * 60_000);
    const before = t.deps.clock.now().getTime();
    const res = await t.json<PieceResponse>(`/api/submissions/${p.id}/private`, {
      method: "PATCH",
      json: { title: "  New name  ", content: "  " + "word ".repeat(300) + "  " },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    const [row] = await t.deps.db.select().from(submissions).where(eq(submissions.id, p.id));
    expect(row).toMatchObject({
      title: "Kept",
      content: "one two three four",
      wordCount: 4,
      pagesWritten: p.pagesWritten,
      privateTitle: "New name",
      privateWordCount: 300,
      privatePagesWritten: 1.2,
      isPrivate: false,
      submissionType: p.submissionType,
    });
    expect(row!.privateContent).toBe(("word ".repeat(300)).trim());
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(row!.updatedAt.getTime()).toBeLessThanOrEqual(t.deps.clock.now().getTime());
    expect(row!.createdAt.getTime()).toBe(p.createdAt.getTime());
  });

  it("keeps the private title when no title is sent, and clears it with an empty one", async () => {
    const p = await createSubmission(t, owner, { title: "Orig" });
    await t.json(`/api/submissions/${p.id}/private`, { method: "PATCH", json: { title: "Mine", content: "a" }, cookie: owner.cookie });
    await t.json(`/api/submissions/${p.id}/private`, { method: "PATCH", json: { content: "b" }, cookie: owner.cookie });
    let [row] = await t.deps.db.select().from(submissions).where(eq(submissions.id, p.id));
    expect(row!.privateTitle).toBe("Mine");
    await t.json(`/api/submissions/${p.id}/private`, { method: "PATCH", json: { title: "   ", content: "c" }, cookie: owner.cookie });
    [row] = await t.deps.db.select().from(submissions).where(eq(submissions.id, p.id));
    expect(row!.privateTitle).toBeNull();
  });

  it("refuses blank text with the spec's words and keeps what was there", async () => {
    const p = await createSubmission(t, owner);
    await t.json(`/api/submissions/${p.id}/private`, { method: "PATCH", json: { content: "kept version" }, cookie: owner.cookie });
    const res = await t.json<ErrorBody>(`/api/submissions/${p.id}/private`, { method: "PATCH", json: { content: "   \n " }, cookie: owner.cookie });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Please write something before saving");
    const [row] = await t.deps.db.select().from(submissions).where(eq(submissions.id, p.id));
    expect(row!.privateContent).toBe("kept version");
  });
});

describe("a title removed in the private version", () => {
  it("stays removed everywhere the writer's version shows: piece, list, search, sort, shared link and page meta", async () => {
    const w = await createUser(t, { name: "Rita Retitle" });
    const fw = await freewritePrompt(t);
    const p = await createSubmission(t, w, { isPrivate: true, title: "Zephyr heading", content: "plain words only", promptId: fw.id });
    const titled = await createSubmission(t, w, { title: "Another title", content: "more words" });
    const edit = await t.json<PieceResponse>(`/api/submissions/${p.id}/private`, { method: "PATCH", json: { title: "", content: "plain words, revised" }, cookie: w.cookie });
    expect(edit.status).toBe(200);
    expect(edit.body.submission).toMatchObject({ title: "Zephyr heading", privateTitle: null, edited: true, privateDiffers: true });

    const list = await t.json<PortfolioPage>(`/api/me/submissions`, { cookie: w.cookie });
    expect(list.body.items.find((i) => i.id === p.id)).toMatchObject({ title: null, excerpt: "plain words, revised" });
    // Untitled pieces sort last by title; the old title no longer matches a search.
    const byTitle = await t.json<PortfolioPage>(`/api/me/submissions?sort=title`, { cookie: w.cookie });
    expect(byTitle.body.items.map((i) => i.id)).toEqual([titled.id, p.id]);
    expect((await t.json<PortfolioPage>(`/api/me/submissions?q=zephyr`, { cookie: w.cookie })).body.items).toEqual([]);

    // Whoever holds the link reads the writer's version: no title.
    const link = await share(p.id, w.cookie);
    const shared = await piece(p.id, null, link.token);
    expect(shared.body.submission.title).toBeNull();
    const html = await (await t.request(`/submission/${p.id}?share=${link.token}`)).text();
    expect(html).toContain("<title>Untitled · inkwell</title>");
    expect(html).not.toContain("Zephyr");
  });

  it("starts from the published title on a first private save that sends no title", async () => {
    const p = await createSubmission(t, owner, { title: "Kept heading", content: "first words" });
    const res = await t.json<PieceResponse>(`/api/submissions/${p.id}/private`, { method: "PATCH", json: { content: "second words" }, cookie: owner.cookie });
    expect(res.body.submission).toMatchObject({ privateTitle: "Kept heading", privateDiffers: true });
    const list = await t.json<PortfolioPage>(`/api/me/submissions?q=second%20words`, { cookie: owner.cookie });
    expect(list.body.items.map((i) => i.title)).toEqual(["Kept heading"]);
  });
});

describe("DELETE /api/submissions/:id", () => {
  async function withLikesCommentsAndLink(p: { id: string }) {
    await t.deps.db.insert(submissionLikes).values({ submissionId: p.id, userId: other.id });
    await t.deps.db.insert(submissionComments).values({ submissionId: p.id, userId: other.id, content: "Lovely" });
    await share(p.id);
  }

  it("asks a visitor to log in", async () => {
    const p = await createSubmission(t, owner);
    const res = await t.json<ErrorBody>(`/api/submissions/${p.id}`, { method: "DELETE" });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("You must be logged in to delete writing");
  });

  it("does not let another writer delete someone's piece", async () => {
    const p = await createSubmission(t, owner);
    const res = await t.json<ErrorBody>(`/api/submissions/${p.id}`, { method: "DELETE", cookie: other.cookie });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Delete failed or not permitted");
    expect((await piece(p.id)).status).toBe(200);
  });

  it("lets the writer delete their piece, with its likes, comments and share links, and announces it", async () => {
    const p = await createSubmission(t, owner, { content: "to be deleted" });
    await withLikesCommentsAndLink(p);
    const res = await t.json<{ id: string; deleted: boolean }>(`/api/submissions/${p.id}`, { method: "DELETE", cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: p.id, deleted: true });
    expect((await piece(p.id, owner.cookie)).status).toBe(404);
    expect(await t.deps.db.select().from(submissionLikes).where(eq(submissionLikes.submissionId, p.id))).toHaveLength(0);
    expect(await t.deps.db.select().from(submissionComments).where(eq(submissionComments.submissionId, p.id))).toHaveLength(0);
    expect(await t.deps.db.select().from(shareLinks).where(eq(shareLinks.submissionId, p.id))).toHaveLength(0);
    const announced = await t.deps.db.select().from(events).where(eq(events.type, "piece:deleted"));
    expect(announced.map((e) => e.payload)).toContainEqual({ id: p.id });

    const again = await t.json<ErrorBody>(`/api/submissions/${p.id}`, { method: "DELETE", cookie: owner.cookie });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("Delete failed or not permitted");
  });

  it("does not announce the deletion of a private piece", async () => {
    const p = await createSubmission(t, owner, { isPrivate: true });
    expect((await t.json(`/api/submissions/${p.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
    const announced = await t.deps.db.select().from(events).where(eq(events.type, "piece:deleted"));
    expect(announced.map((e) => e.payload)).not.toContainEqual({ id: p.id });
  });

  it("does not let an admin delete another writer's private piece (admins never see those)", async () => {
    const p = await createSubmission(t, owner, { isPrivate: true });
    const res = await t.json<ErrorBody>(`/api/submissions/${p.id}`, { method: "DELETE", cookie: admin.cookie });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Delete failed or not permitted");
    expect((await piece(p.id, owner.cookie)).status).toBe(200);
  });

  it("lets an admin delete their own private piece", async () => {
    const p = await createSubmission(t, admin, { isPrivate: true });
    expect((await t.json(`/api/submissions/${p.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
    expect((await piece(p.id, admin.cookie)).status).toBe(404);
  });

  it("lets an admin delete another writer's public piece, and announces it so every feed drops it", async () => {
    const p = await createSubmission(t, owner, { content: "taken down by an editor" });
    const res = await t.json<{ id: string; deleted: boolean }>(`/api/submissions/${p.id}`, { method: "DELETE", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: p.id, deleted: true });
    expect((await piece(p.id)).status).toBe(404);
    const announced = await t.deps.db.select().from(events).where(eq(events.type, "piece:deleted"));
    expect(announced.map((e) => e.payload)).toContainEqual({ id: p.id });
  });

  it("answers the same failure for a malformed id", async () => {
    const res = await t.json<ErrorBody>(`/api/submissions/nope`, { method: "DELETE", cookie: owner.cookie });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Delete failed or not permitted");
  });
});
