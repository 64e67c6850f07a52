import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, APP_URL, type TestApp } from "#tests/setup/app.ts";
import { createSubmission, createUser, freewritePrompt, getUserRow, type TestUser } from "#tests/factories.ts";
import { events, shareLinks, submissionComments, submissionLikes, submissions, userAchievements, users } from "#server/db/schema/index.ts";
import { localDate, addDays } from "#shared/domain/dates.ts";
import type { PieceResponse, PortfolioPage, PortfolioStats, ProfileResponse, ShareLinkResponse } from "#shared/schemas/portfolio.ts";
import { pieceImageCache } from "#server/og/image-cache.ts";
import { portfolioPageQuery } from "#server/modules/portfolio/portfolio.service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
type ErrorBody = { code: string; message: string };

let t: TestApp;
let clientDir: string;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  // A minimal client build, so the page route answers HTML without `npm run build`.
  clientDir = mkdtempSync(join(tmpdir(), "inkwell-client-"));
  writeFileSync(join(clientDir, "index.html"), "<!doctype html><html><head><title>inkwell</title><!--app-head--></head><body><div id=root></div></body></html>");
  t = await createTestApp({ CLIENT_DIST_DIR: clientDir });
  owner = await createUser(t, { name: "Olive Owner", alias: "Quill Feather" });
  other = await createUser(t, { name: "Otto Other" });
  admin = await createUser(t, { name: "Ada Admin", admin: true });
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});
afterEach(() => {
  t.deps.testClock!.reset();
});

const piece = (id: string, cookie?: string | null, share?: string) =>
  t.json<PieceResponse & ErrorBody>(`/api/submissions/${id}${share ? `?share=${share}` : ""}`, { cookie: cookie ?? null });

async function share(id: string, cookie = owner.cookie): Promise<ShareLinkResponse> {
  const res = await t.json<ShareLinkResponse>(`/api/submissions/${id}/share-links`, { json: {}, cookie });
  expect([200, 201]).toContain(res.status);
  return res.body;
}

/** Nothing in a response may name the writer of an alias-signed or anonymous piece. */
function expectNoIdentity(body: unknown, who: TestUser) {
  const text = JSON.stringify(body);
  expect(text).not.toContain(who.id);
  expect(text).not.toContain(who.email);
  expect(text).not.toContain(who.name);
  expect(text).not.toContain("Olive");
}

describe("GET /api/submissions/:id", () => {
  it("lets everyone read a public piece, and marks only the owner as owner", async () => {
    const p = await createSubmission(t, owner, { title: "Open window", content: "Light on the *sill*." });
    for (const cookie of [null, other.cookie, admin.cookie]) {
      const res = await piece(p.id, cookie);
      expect(res.status).toBe(200);
      expect(res.body.submission).toMatchObject({ id: p.id, title: "Open window", content: "Light on the *sill*.", isOwner: false, authorLabel: "Olive Owner" });
      expect(res.body.submission).not.toHaveProperty("privateContent");
      expect(res.body.submission).not.toHaveProperty("userId");
    }
    const mine = await piece(p.id, owner.cookie);
    expect(mine.body.submission).toMatchObject({ isOwner: true, edited: false, privateContent: null });
  });

  it("answers 404 for a private piece to a visitor, another writer and an admin, exactly as for a missing one", async () => {
    const p = await createSubmission(t, owner, { isPrivate: true, title: "Diary", content: "Only mine" });
    const missing = await piece("00000000-0000-4000-8000-000000000000", other.cookie);
    expect(missing.status).toBe(404);
    for (const cookie of [null, other.cookie, admin.cookie]) {
      const res = await piece(p.id, cookie);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
      expect(JSON.stringify(res.body)).not.toContain("Only mine");
    }
    const mine = await piece(p.id, owner.cookie);
    expect(mine.status).toBe(200);
    expect(mine.body.submission).toMatchObject({ content: "Only mine", isPrivate: true, isOwner: true });
  });

  it("answers 404 for an id that is not a uuid", async () => {
    expect((await piece("not-a-uuid")).status).toBe(404);
    expect((await piece("1' or '1'='1")).status).toBe(404);
  });

  it("opens a private piece with a valid share token for that piece only, until it expires", async () => {
    const p = await createSubmission(t, owner, { isPrivate: true, content: "Shared secret text" });
    const q = await createSubmission(t, owner, { isPrivate: true, content: "Another private piece" });
    const link = await share(p.id);
    const linkQ = await share(q.id);

    const visitor = await piece(p.id, null, link.token);
    expect(visitor.status).toBe(200);
    expect(visitor.body.submission).toMatchObject({ content: "Shared secret text", isOwner: false });
    expect(visitor.body.submission).not.toHaveProperty("privateContent");
    expect((await piece(p.id, other.cookie, link.token)).status).toBe(200);

    // Another piece's token opens nothing here.
    expect((await piece(p.id, null, linkQ.token)).status).toBe(404);
    expect((await piece(p.id, other.cookie, linkQ.token)).status).toBe(404);
    // Garbage tokens are ignored.
    expect((await piece(p.id, null, "not%20a%20token")).status).toBe(404);

    t.deps.testClock!.advance(DAY_MS - 60_000);
    expect((await piece(p.id, null, link.token)).status).toBe(200);
    t.deps.testClock!.advance(60_000);
    expect((await piece(p.id, null, link.token)).status).toBe(404);
    expect((await piece(p.id, owner.cookie)).status).toBe(200);
  });

  it("shows a shared private piece in the writer's current (edited) version", async () => {
    const p = await createSubmission(t, owner, { isPrivate: true, title: "Draft", content: "first go" });
    await t.json(`/api/submissions/${p.id}/private`, { method: "PATCH", json: { title: "Final", content: "second, better go" }, cookie: owner.cookie });
    const link = await share(p.id);
    const res = await piece(p.id, null, link.token);
    expect(res.body.submission).toMatchObject({ title: "Final", content: "second, better go", wordCount: 3 });
  });

  it("never reveals the writer's name, email or id on alias-signed and anonymous pieces", async () => {
    const aliased = await createSubmission(t, owner, { submissionType: "alias", content: "Signed with a pen name" });
    const anonymous = await createSubmission(t, owner, { submissionType: "anonymous", content: "Signed by nobody" });
    for (const cookie of [null, other.cookie, admin.cookie]) {
      const a = await piece(aliased.id, cookie);
      expect(a.body.submission.authorLabel).toBe("Quill Feather");
      expectNoIdentity(a.body, owner);
      const b = await piece(anonymous.id, cookie);
      expect(b.body.submission.authorLabel).toBe("Anonymous");
      expectNoIdentity(b.body, owner);
    }
  });

  it("shows others the community copy of a published piece the writer edited privately", async () => {
    const p = await createSubmission(t, owner, { title: "Public title", content: "public words here" });
    const edit = await t.json<PieceResponse>(`/api/submissions/${p.id}/private`, { method: "PATCH", json: { title: "Private title", content: "my private rewrite" }, cookie: owner.cookie });
    expect(edit.status).toBe(200);
    expect(edit.body.submission).toMatchObject({ privateTitle: "Private title", privateContent: "my private rewrite", privateWordCount: 3, edited: true, privateDiffers: true });
    for (const cookie of [null, other.cookie, admin.cookie]) {
      const res = await piece(p.id, cookie);
      expect(res.body.submission).toMatchObject({ title: "Public title", content: "public words here" });
      expect(JSON.stringify(res.body)).not.toContain("private rewrite");
      expect(JSON.stringify(res.body)).not.toContain("Private title");
    }
  });
});

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

  it("lets an admin delete any piece", async () => {
    const p = await createSubmission(t, owner, { isPrivate: true });
    const res = await t.json(`/api/submissions/${p.id}`, { method: "DELETE", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect((await piece(p.id, owner.cookie)).status).toBe(404);
  });

  it("answers the same failure for a malformed id", async () => {
    const res = await t.json<ErrorBody>(`/api/submissions/nope`, { method: "DELETE", cookie: owner.cookie });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Delete failed or not permitted");
  });
});

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

  it("refuses an unknown or expired token at once", async () => {
    const unknown = await t.json<ErrorBody>(`/api/share/Zz9_-Zz9`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("This share link is invalid or has expired");
    const p = await createSubmission(t, owner, { isPrivate: true });
    const link = await share(p.id);
    t.deps.testClock!.advance(DAY_MS);
    const expired = await t.json<ErrorBody>(`/api/share/${link.token}`);
    expect(expired.status).toBe(404);
    expect(expired.body.message).toBe("This share link is invalid or has expired");
  });
});

describe("GET /api/me/submissions", () => {
  let writer: TestUser;
  beforeAll(async () => {
    writer = await createUser(t, { name: "Paula Pages" });
    const base = t.deps.clock.now().getTime() - 30 * DAY_MS;
    const specs = [
      { title: "banana bread", content: "w ".repeat(40), isPrivate: true },
      { title: "Apple orchard", content: "w ".repeat(10) },
      { title: null, content: "the lighthouse keeper " + "w ".repeat(5) },
      { title: "cherry 100% sure", content: "w ".repeat(70) },
      { title: "Dune sea", content: "w ".repeat(25) },
      { title: "echo chamber", content: "w ".repeat(25) },
      { title: "Fig tree", content: "w ".repeat(3) },
    ];
    for (const [i, s] of specs.entries()) await createSubmission(t, writer, { ...s, createdAt: new Date(base + i * DAY_MS) });
    // Someone else's piece never shows up in this portfolio.
    await createSubmission(t, other, { title: "Apple of another eye" });
  });

  const list = (query: string, cookie = writer.cookie) => t.json<PortfolioPage & ErrorBody>(`/api/me/submissions${query}`, { cookie });

  async function all(query: string, limit = 3): Promise<PortfolioPage["items"]> {
    const items: PortfolioPage["items"] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const sep = query ? "&" : "?";
      const res = await list(`${query}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(limit);
      items.push(...res.body.items);
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    return items;
  }

  it("asks a visitor to sign in", async () => {
    const res = await t.json(`/api/me/submissions`);
    expect(res.status).toBe(401);
  });

  it("lists the writer's own pieces, private ones too, newest first, page by page without repeats", async () => {
    const items = await all("");
    expect(items.map((i) => i.title)).toEqual(["Fig tree", "echo chamber", "Dune sea", "cherry 100% sure", null, "Apple orchard", "banana bread"]);
    expect(items.find((i) => i.title === "banana bread")!.isPrivate).toBe(true);
  });

  it("sorts by title (untitled last) and by word count over all pieces", async () => {
    expect((await all("?sort=title", 2)).map((i) => i.title)).toEqual(["Apple orchard", "banana bread", "cherry 100% sure", "Dune sea", "echo chamber", "Fig tree", null]);
    const byWords = await all("?sort=words", 2);
    expect(byWords.map((i) => i.wordCount)).toEqual([70, 40, 25, 25, 10, 8, 3]);
    // Equal counts: newer first.
    expect(byWords.slice(2, 4).map((i) => i.title)).toEqual(["echo chamber", "Dune sea"]);
  });

  it("searches titles and text of every piece, case-insensitively, with % and _ taken literally", async () => {
    expect((await all("?q=LIGHTHOUSE")).map((i) => i.excerpt.slice(0, 14))).toEqual(["the lighthouse"]);
    expect((await all("?q=ER")).map((i) => i.title ?? "(untitled)").sort()).toEqual(["(untitled)", "cherry 100% sure", "echo chamber"]);
    expect((await all("?q=100%25")).map((i) => i.title)).toEqual(["cherry 100% sure"]);
    expect(await all("?q=%25%25%25")).toEqual([]);
    expect(await all("?q=_")).toEqual([]);
  });

  it("shows the private version with an Edited flag, and searches it", async () => {
    const mine = await createSubmission(t, writer, { title: "zebra public", content: "public zebra text" });
    await t.json(`/api/submissions/${mine.id}/private`, { method: "PATCH", json: { title: "Zebra private", content: "quagga rewrite" }, cookie: writer.cookie });
    const found = await all("?q=quagga");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id: mine.id, title: "Zebra private", excerpt: "quagga rewrite", edited: true });
    expect(await all("?q=public%20zebra")).toEqual([]);
    await t.json(`/api/submissions/${mine.id}`, { method: "DELETE", cookie: writer.cookie });
  });

  it("reads the newest-first page straight from submissions_user_created_idx, stopping at the limit", async () => {
    const first = await list("?limit=2");
    for (const cursor of [undefined, first.body.nextCursor!]) {
      const plan = await t.deps.db.transaction(async (tx) => {
        // The test tables are tiny: without this the planner would rightly prefer a sequential scan.
        await tx.execute(sql`set local enable_seqscan = off`);
        const res = (await tx.execute(sql`explain ${portfolioPageQuery(tx, writer.id, { sort: "recent", limit: 24, cursor })}`)) as unknown as { rows: Record<string, string>[] };
        return res.rows.map((r) => Object.values(r)[0]).join("\n");
      });
      expect(plan).toMatch(/^Limit/);
      expect(plan).toContain("Index Scan using submissions_user_created_idx on submissions");
      // No Sort node: the index order is the page order.
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });

  it("refuses a tampered cursor and an oversized page", async () => {
    expect((await list("?cursor=garbage")).status).toBe(422);
    const page = await list("?limit=2");
    const res = await list(`?sort=title&cursor=${encodeURIComponent(page.body.nextCursor!)}`);
    expect(res.status).toBe(422);
    const forged = Buffer.from(JSON.stringify({ s: "recent", c: "2026-01-01'); drop table users; --", i: writer.id })).toString("base64url");
    expect((await list(`?cursor=${forged}`)).status).toBe(422);
    expect((await list("?limit=500")).status).toBe(422);
  });
});

describe("GET /api/me/portfolio-stats", () => {
  it("asks a visitor to sign in", async () => {
    expect((await t.json(`/api/me/portfolio-stats`)).status).toBe(401);
  });

  it("counts works, pages (one decimal), Editors' Selections, streak, achievements and tier", async () => {
    const w = await createUser(t, { name: "Stat Writer" });
    await createSubmission(t, w, { content: "w ".repeat(250) });
    await createSubmission(t, w, { content: "w ".repeat(30), isFeatured: true });
    await createSubmission(t, w, { content: "w ".repeat(1), isPrivate: true });
    const today = localDate(t.deps.clock.now(), "UTC");
    await t.deps.db.update(users).set({ currentStreak: 3, longestStreak: 5, lastWriteDate: addDays(today, -1) }).where(eq(users.id, w.id));
    await t.deps.db.insert(userAchievements).values([
      { userId: w.id, achievementType: "novella_club", year: 2025, achievedAt: new Date("2025-06-01T00:00:00Z") },
      { userId: w.id, achievementType: "centurion_club", year: 2026, achievedAt: new Date("2026-02-01T00:00:00Z") },
    ]);
    const res = await t.json<PortfolioStats>(`/api/me/portfolio-stats`, { cookie: w.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      works: 3,
      pagesWritten: 1.1, // 1 + 0.12 + 0 pages
      currentStreak: 3,
      longestStreak: 5,
      editorsSelections: 1,
      achievements: [
        { achievementType: "centurion_club", year: 2026 },
        { achievementType: "novella_club", year: 2025 },
      ],
    });
    expect(res.body.tier).toMatchObject({ current: { name: "New Voice" }, next: { name: "Novella Club" }, pagesToNext: 48.9 });

    // A streak whose last day is before yesterday reads 0.
    await t.deps.db.update(users).set({ lastWriteDate: addDays(today, -2) }).where(eq(users.id, w.id));
    expect((await t.json<PortfolioStats>(`/api/me/portfolio-stats`, { cookie: w.cookie })).body.currentStreak).toBe(0);
  });
});

describe("PATCH /api/me/profile", () => {
  it("asks a visitor to sign in", async () => {
    expect((await t.json(`/api/me/profile`, { method: "PATCH", json: { name: "X", alias: "" } })).status).toBe(401);
  });

  it("trims name and alias; an empty alias removes it", async () => {
    const u = await createUser(t, { name: "Before Name", alias: "Old Alias" });
    const res = await t.json<ProfileResponse>(`/api/me/profile`, { method: "PATCH", json: { name: "  Grace  Hopper ", alias: "  Amazing Grace " }, cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: "Grace", fullName: "Grace  Hopper", alias: "Amazing Grace" });
    const me = await t.json<{ user: { fullName: string; alias: string | null } }>(`/api/me`, { cookie: u.cookie });
    expect(me.body.user).toMatchObject({ fullName: "Grace  Hopper", alias: "Amazing Grace" });

    const cleared = await t.json<ProfileResponse>(`/api/me/profile`, { method: "PATCH", json: { name: "Grace Hopper", alias: "   " }, cookie: u.cookie });
    expect(cleared.body.alias).toBeNull();
    expect((await getUserRow(t, u.id)).alias).toBeNull();
  });

  it("requires a name and changes nothing without one", async () => {
    const u = await createUser(t, { name: "Keeps Name", alias: "Keeps Alias" });
    for (const body of [{ name: "   ", alias: "New" }, { alias: "New" }]) {
      const res = await t.json<ErrorBody>(`/api/me/profile`, { method: "PATCH", json: body, cookie: u.cookie });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Please enter your name");
    }
    expect(await getUserRow(t, u.id)).toMatchObject({ name: "Keeps Name", alias: "Keeps Alias" });
  });

  it("only ever changes the caller's own row", async () => {
    const u = await createUser(t, { name: "Self" });
    const before = await getUserRow(t, other.id);
    await t.json(`/api/me/profile`, { method: "PATCH", json: { name: "Self Changed", alias: null }, cookie: u.cookie });
    expect(await getUserRow(t, other.id)).toMatchObject({ name: before.name, alias: before.alias });
  });
});

describe("GET /api/og/:id.png", () => {
  const og = (id: string, cookie?: string | null, query = "") => t.request(`/api/og/${id}.png${query}`, { cookie: cookie ?? null });

  function pngSize(buf: Buffer): { width: number; height: number } {
    expect(buf.subarray(1, 4).toString("ascii")).toBe("PNG");
    return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  }

  it("draws a 1200×630 PNG of a public piece for anyone, and caches it", async () => {
    const p = await createSubmission(t, owner, { title: "A piece with a picture" });
    const res = await og(p.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(pngSize(Buffer.from(await res.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    expect(pieceImageCache.hasPiece(p.id)).toBe(true);
    expect((await og(p.id, other.cookie)).status).toBe(200);
    // Deleting the piece drops its image.
    await t.json(`/api/submissions/${p.id}`, { method: "DELETE", cookie: owner.cookie });
    expect(pieceImageCache.hasPiece(p.id)).toBe(false);
    expect((await og(p.id)).status).toBe(404);
  });

  it("refuses a private piece to anyone who may not read it", async () => {
    const p = await createSubmission(t, owner, { isPrivate: true, title: "Private picture" });
    const q = await createSubmission(t, owner, { isPrivate: true });
    const link = await share(p.id);
    const linkQ = await share(q.id);
    for (const cookie of [null, other.cookie, admin.cookie]) expect((await og(p.id, cookie)).status).toBe(404);
    expect((await og(p.id, null, `?share=${linkQ.token}`)).status).toBe(404);
    expect((await og(p.id, owner.cookie)).status).toBe(200);
    const shared = await og(p.id, null, `?share=${link.token}`);
    expect(shared.status).toBe(200);
    expect(shared.headers.get("cache-control")).toContain("private");
    t.deps.testClock!.advance(DAY_MS);
    expect((await og(p.id, null, `?share=${link.token}`)).status).toBe(404);
  });

  it("lets shared caches keep a public piece's image, never a shared private one's", async () => {
    const p = await createSubmission(t, owner, { title: "Cacheable" });
    const res = await og(p.id);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const secret = await createSubmission(t, owner, { isPrivate: true, title: "Not cacheable" });
    const link = await share(secret.id);
    expect((await og(secret.id, null, `?share=${link.token}`)).headers.get("cache-control")).toBe("private, max-age=300");
  });

  it("limits how many images one client may ask for in a minute", async () => {
    // Its own app: a limit scaled down to 3 a minute, clients told apart by X-Forwarded-For.
    const limited = await createTestApp({ AUTH_RATE_LIMIT_SCALE: String(3 / 60), TRUST_PROXY: "true" });
    try {
      const w = await createUser(limited, { name: "Lim Ited" });
      const p = await createSubmission(limited, w, { title: "Popular" });
      const from = (ip: string) => limited.request(`/api/og/${p.id}.png`, { headers: { "x-forwarded-for": ip } });
      for (let i = 0; i < 3; i++) expect((await from("203.0.113.7")).status).toBe(200);
      const refused = await from("203.0.113.7");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await refused.json()) as ErrorBody).code).toBe("rate_limited");
      expect((await from("198.51.100.2")).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("answers 404 for anything but an id and .png", async () => {
    const p = await createSubmission(t, owner);
    expect((await t.request(`/api/og/${p.id}.jpg`)).status).toBe(404);
    expect((await t.request(`/api/og/${p.id}`)).status).toBe(404);
    expect((await og("00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});

describe("piece page meta (GET /submission/:id)", () => {
  const page = async (path: string, cookie?: string | null) => {
    const res = await t.request(path, { cookie: cookie ?? null });
    expect(res.status).toBe(200);
    return res.text();
  };
  const metaContent = (html: string, attr: string, key: string) => html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`))?.[1];
  const jsonLd = (html: string) => {
    const raw = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
  };

  it("writes title, description, Open Graph, Twitter and Article JSON-LD for a public piece", async () => {
    const long = "It was the *best* of times. " + "More words keep coming here. ".repeat(20);
    const p = await createSubmission(t, owner, { title: "Two cities", content: long });
    const html = await page(`/submission/${p.id}`);
    expect(html).toContain("<title>Two cities · inkwell</title>");
    expect(metaContent(html, "property", "og:title")).toBe("Two cities · inkwell");
    expect(metaContent(html, "property", "og:type")).toBe("article");
    expect(metaContent(html, "property", "og:url")).toBe(`${APP_URL}/submission/${p.id}`);
    expect(metaContent(html, "property", "og:image")).toBe(`${APP_URL}/api/og/${p.id}.png`);
    expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "name", "twitter:image")).toBe(`${APP_URL}/api/og/${p.id}.png`);
    const description = metaContent(html, "name", "description")!;
    expect(description.startsWith("It was the best of times.")).toBe(true);
    expect(description.length).toBeLessThanOrEqual(180);
    expect(metaContent(html, "property", "og:description")).toBe(description);
    expect(metaContent(html, "name", "twitter:description")).toBe(description);
    expect(html).not.toContain('name="robots"');
    expect(jsonLd(html)).toMatchObject({ "@type": "Article", headline: "Two cities", author: { "@type": "Person", name: "Olive Owner" }, wordCount: p.wordCount });
  });

  it("uses the prompt text or 'Untitled' when a piece has no title", async () => {
    const fw = await freewritePrompt(t);
    const p = await createSubmission(t, owner, { title: null, promptId: fw.id });
    expect(await page(`/submission/${p.id}`)).toContain("<title>Untitled · inkwell</title>");
  });

  it("writes nothing about a private piece the request may not read", async () => {
    const p = await createSubmission(t, owner, { isPrivate: true, title: "Secret diary entry", content: "nobody must read this" });
    const q = await createSubmission(t, owner, { isPrivate: true });
    const linkQ = await share(q.id);
    for (const [cookie, query] of [[null, ""], [other.cookie, ""], [admin.cookie, ""], [null, `?share=${linkQ.token}`]] as const) {
      const html = await page(`/submission/${p.id}${query}`, cookie);
      expect(html).not.toContain("Secret diary");
      expect(html).not.toContain("nobody must read");
      expect(html).not.toContain("og:image");
      expect(html).not.toContain("ld+json");
    }
  });

  it("writes a shared private piece's meta for the link holder, not to be indexed, until it expires", async () => {
    const p = await createSubmission(t, owner, { isPrivate: true, title: "Shared diary", content: "for your eyes" });
    const link = await share(p.id);
    const html = await page(`/submission/${p.id}?share=${link.token}`);
    expect(html).toContain("<title>Shared diary · inkwell</title>");
    expect(metaContent(html, "property", "og:image")).toBe(`${APP_URL}/api/og/${p.id}.png?share=${link.token}`);
    expect(html).toContain('<meta name="robots" content="noindex">');
    const own = await page(`/submission/${p.id}`, owner.cookie);
    expect(own).toContain("<title>Shared diary · inkwell</title>");
    t.deps.testClock!.advance(DAY_MS);
    expect(await page(`/submission/${p.id}?share=${link.token}`)).not.toContain("Shared diary");
  });

  it("never names the writer of an alias or anonymous piece, and shows the community copy", async () => {
    const a = await createSubmission(t, owner, { submissionType: "alias", title: "Masked", content: "community words" });
    await t.json(`/api/submissions/${a.id}/private`, { method: "PATCH", json: { title: "Unmasked draft", content: "private words" }, cookie: owner.cookie });
    const html = await page(`/submission/${a.id}`, owner.cookie);
    expect(jsonLd(html)).toMatchObject({ headline: "Masked", author: { name: "Quill Feather" } });
    expect(html).not.toContain("private words");
    expect(html).not.toContain("Unmasked");
    expect(html).not.toContain("Olive");
    expect(html).not.toContain(owner.email);
    const anon = await createSubmission(t, owner, { submissionType: "anonymous", title: "Nobody's" });
    const anonHtml = await page(`/submission/${anon.id}`);
    expect(jsonLd(anonHtml)).toMatchObject({ author: { name: "Anonymous" } });
    expect(anonHtml).not.toContain("Olive");
  });

  it("escapes the writer's text in tags and structured data", async () => {
    const p = await createSubmission(t, owner, { title: `"><script>alert(1)</script>`, content: `</script><img src=x onerror=alert(1)> & more` });
    const html = await page(`/submission/${p.id}`);
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<img src=x");
    expect(jsonLd(html)).toMatchObject({ headline: `"><script>alert(1)</script>` });
  });
});
