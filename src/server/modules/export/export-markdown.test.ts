import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { submissions } from "#server/db/schema/index.ts";
import { readArchiveFile } from "#shared/domain/piece-archive.ts";
import { EXPORT_MESSAGES } from "#shared/schemas/export.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { pieceAt } from "../collections/test-helpers.ts";

/* GET /api/me/export/markdown and GET /api/submissions/:id/download (issue 15 item 1). */

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let anonymousId: string;
let otherPieceId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: "Olive Owner", alias: "Heron" });
  other = await createUser(t, { name: "Otis Other" });
  admin = await createUser(t, { name: "Ada Admin", admin: true });
  await pieceAt(t, owner, { at: "2025-12-31T10:00:00Z", title: "The lighthouse", content: "---\nfirst line\n\n**bold** text", likes: 3, featured: true });
  await pieceAt(t, owner, { at: "2026-01-02T10:00:00Z", title: "The Lighthouse!", content: "Another lighthouse", signed: "alias", contentWarning: "storms" });
  anonymousId = (await pieceAt(t, owner, { at: "2026-01-02T11:00:00Z", content: "Nobody knows who wrote this one at all", signed: "anonymous" })).id;
  const edited = await pieceAt(t, owner, { at: "2026-01-03T10:00:00Z", title: "Door", content: "Published door" });
  await t.deps.db.update(submissions).set({ privateTitle: "Door, again", privateContent: "Private door", privateWordCount: 2, privatePagesWritten: 0.01 }).where(eq(submissions.id, edited.id));
  const secret = await pieceAt(t, owner, { at: "2026-01-04T10:00:00Z", title: "Secret", content: "old", isPrivate: true });
  await t.deps.db.update(submissions).set({ privateTitle: "Secret", privateContent: "Only mine", privateWordCount: 2, privatePagesWritten: 0.01 }).where(eq(submissions.id, secret.id));
  otherPieceId = (await pieceAt(t, other, { at: "2026-01-02T10:00:00Z", title: "Someone else's" })).id;
  await pieceAt(t, admin, { at: "2026-01-02T10:00:00Z", title: "The admin's own" });
});

afterAll(async () => {
  await t?.close();
});

async function archive(cookie: string): Promise<Record<string, string>> {
  const res = await t.request("/api/me/export/markdown", { cookie });
  expect(res.status).toBe(200);
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
}

describe("GET /api/me/export/markdown", () => {
  it("asks a visitor to sign in", async () => {
    const res = await t.json<{ message: string }>("/api/me/export/markdown");
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(EXPORT_MESSAGES.signIn);
  });

  it("downloads inkwell-<day>.zip with a README and one file per piece, in folders by year", async () => {
    const res = await t.request("/api/me/export/markdown", { cookie: owner.cookie });
    expect(res.headers.get("content-type")).toBe("application/zip");
    const day = t.deps.clock.now().toISOString().slice(0, 10);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="inkwell-${day}.zip"`);
    const files = await archive(owner.cookie);
    expect(Object.keys(files).sort()).toEqual([
      "2025/2025-12-31-the-lighthouse.md",
      "2026/2026-01-02-nobody-knows-who-wrote-this-one.md",
      "2026/2026-01-02-the-lighthouse.md",
      "2026/2026-01-03-door.md",
      "2026/2026-01-03-door.private.md",
      "2026/2026-01-04-secret.md",
      "README.md",
    ]);
    expect(files["README.md"]).toMatch(/one file per piece/i);
  });

  it("writes front matter a YAML parser reads, matching each piece, and the text as written", async () => {
    const files = await archive(owner.cookie);
    const file = files["2025/2025-12-31-the-lighthouse.md"]!;
    const front = parse(/^---\n([\s\S]*?)---\n/.exec(file)![1]!) as Record<string, unknown>;
    expect(front).toMatchObject({ title: "The lighthouse", date: "2025-12-31T10:00:00.000Z", local_date: "2025-12-31", words: 5, visibility: "public", signature: "name", featured: true, likes: 3, comments: 0, source: "inkwell" });
    expect(typeof front.prompt).toBe("string");
    expect(readArchiveFile(file).body).toBe("---\nfirst line\n\n**bold** text");
    const alias = readArchiveFile(files["2026/2026-01-02-the-lighthouse.md"]!).frontMatter;
    expect(alias).toMatchObject({ signature: "alias", alias: "Heron", content_warning: "storms" });
  });

  it("keeps a differing private version in .private.md, and a private piece's own text in its only file", async () => {
    const files = await archive(owner.cookie);
    expect(readArchiveFile(files["2026/2026-01-03-door.md"]!).body).toBe("Published door");
    const priv = readArchiveFile(files["2026/2026-01-03-door.private.md"]!);
    expect(priv.frontMatter).toMatchObject({ version: "private", title: "Door, again", words: 2 });
    expect(priv.body).toBe("Private door");
    const secret = readArchiveFile(files["2026/2026-01-04-secret.md"]!);
    expect(secret.frontMatter).toMatchObject({ visibility: "private" });
    expect(secret.body).toBe("Only mine");
  });

  it("gives another writer and an admin only their own pieces", async () => {
    expect(Object.keys(await archive(other.cookie)).sort()).toEqual(["2026/2026-01-02-someone-else-s.md", "README.md"]);
    expect(Object.keys(await archive(admin.cookie)).sort()).toEqual(["2026/2026-01-02-the-admin-s-own.md", "README.md"]);
  });
});

describe("GET /api/submissions/:id/download", () => {
  it("gives the owner their anonymous piece as .md and .txt", async () => {
    const md = await t.request(`/api/submissions/${anonymousId}/download?format=md`, { cookie: owner.cookie });
    expect(md.status).toBe(200);
    expect(md.headers.get("content-disposition")).toBe('attachment; filename="2026-01-02-nobody-knows-who-wrote-this-one.md"');
    const read = readArchiveFile(await md.text());
    expect(read.frontMatter).toMatchObject({ signature: "anonymous", title: null, id: anonymousId });
    expect(read.body).toBe("Nobody knows who wrote this one at all");
    const txt = await t.request(`/api/submissions/${anonymousId}/download?format=txt`, { cookie: owner.cookie });
    expect(txt.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await txt.text()).toBe("Nobody knows who wrote this one at all\n");
  });

  it("is 401 for a visitor, 404 for another writer and an admin, 422 for a bad format", async () => {
    const visitor = await t.json<{ message: string }>(`/api/submissions/${anonymousId}/download?format=md`);
    expect(visitor.status).toBe(401);
    for (const who of [other, admin]) {
      const res = await t.json<{ message: string }>(`/api/submissions/${anonymousId}/download?format=txt`, { cookie: who.cookie });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(EXPORT_MESSAGES.notFound);
    }
    const theirs = await t.json(`/api/submissions/${otherPieceId}/download?format=md`, { cookie: owner.cookie });
    expect(theirs.status).toBe(404);
    expect((await t.json("/api/submissions/not-a-uuid/download?format=md", { cookie: owner.cookie })).status).toBe(404);
    const bad = await t.json<{ message: string }>(`/api/submissions/${anonymousId}/download?format=pdf`, { cookie: owner.cookie });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe(EXPORT_MESSAGES.badFormat);
  });
});
