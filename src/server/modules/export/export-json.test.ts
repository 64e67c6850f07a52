import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationPrefs, reports, shareLinks, submissionComments, submissionLikes, userAchievements } from "#server/db/schema/index.ts";
import { dataExport, type DataExport } from "#shared/schemas/data-export.ts";
import { EXPORT_MESSAGES } from "#shared/schemas/export.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { pieceAt } from "../collections/test-helpers.ts";

/* GET /api/me/export/json: "All my data" (issue 15 item 1). */

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let theirAnonymousId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: "Olive Owner", alias: "Heron" });
  other = await createUser(t, { name: "Otis Other", alias: "Hidden Hand" });
  admin = await createUser(t, { name: "Ada Admin", admin: true });
  const mine = await pieceAt(t, owner, { at: "2026-01-02T10:00:00Z", title: "Mine", content: "My own words", signed: "anonymous" });
  await pieceAt(t, owner, { at: "2026-01-05T10:00:00Z", title: "Quiet", content: "Kept to myself", isPrivate: true });
  theirAnonymousId = (await pieceAt(t, other, { at: "2026-01-03T10:00:00Z", title: "Their secret", content: "Someone's anonymous words", signed: "anonymous" })).id;
  const db = t.deps.db;
  await db.insert(submissionComments).values({ submissionId: theirAnonymousId, userId: owner.id, content: "Lovely piece" });
  await db.insert(submissionLikes).values({ submissionId: theirAnonymousId, userId: owner.id });
  await db.insert(reports).values({ reporterId: owner.id, itemKind: "piece", itemId: theirAnonymousId, reason: "spam", note: "looks copied" });
  await db.insert(userAchievements).values({ userId: owner.id, achievementType: "page_walker", year: 2026 });
  await db.insert(notificationPrefs).values({ userId: owner.id, weeklyEmail: false });
  await db.insert(shareLinks).values({ submissionId: mine.id, token: "tok-123", expiresAt: new Date("2026-01-03T10:00:00Z"), createdBy: owner.id });
  await pieceAt(t, admin, { at: "2026-01-02T10:00:00Z", title: "The admin's own" });
});

afterAll(async () => {
  await t?.close();
});

async function exportOf(user: TestUser): Promise<{ text: string; doc: DataExport }> {
  const res = await t.request("/api/me/export/json", { cookie: user.cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="inkwell-data-\d{4}-\d{2}-\d{2}\.json"$/);
  const text = await res.text();
  return { text, doc: dataExport.parse(JSON.parse(text)) };
}

describe("GET /api/me/export/json", () => {
  it("asks a visitor to sign in", async () => {
    const res = await t.json<{ message: string }>("/api/me/export/json");
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(EXPORT_MESSAGES.signIn);
  });

  it("gives the writer every part of their data, in the documented shape", async () => {
    const { doc } = await exportOf(owner);
    expect(doc.profile).toMatchObject({ id: owner.id, email: owner.email, name: "Olive Owner", alias: "Heron" });
    expect(doc.pieces.map((p) => p.published?.title ?? p.private?.title)).toEqual(["Quiet", "Mine"]);
    const [quiet, mine] = doc.pieces;
    expect(quiet).toMatchObject({ visibility: "private", published: null, private: { text: "Kept to myself" } });
    expect(mine).toMatchObject({ signature: "anonymous", published: { text: "My own words" }, private: null });
    expect(doc.comments).toEqual([expect.objectContaining({ text: "Lovely piece", piece: { id: theirAnonymousId, title: "Their secret" } })]);
    expect(doc.likes).toEqual([expect.objectContaining({ piece: { id: theirAnonymousId, title: "Their secret" } })]);
    expect(doc.reports).toEqual([expect.objectContaining({ itemId: theirAnonymousId, reason: "spam", note: "looks copied", status: "open" })]);
    expect(doc.achievements).toEqual([expect.objectContaining({ type: "page_walker", year: 2026 })]);
    expect(doc.notificationPreferences).toMatchObject({ weeklyEmail: false, monthlyEmail: true });
    expect(doc.shareLinks).toEqual([expect.objectContaining({ token: "tok-123" })]);
    expect(doc.daysWritten).toEqual(["2026-01-02", "2026-01-05"]);
    expect(doc.streaks).toMatchObject({ current: expect.any(Number), longest: expect.any(Number) });
  });

  it("never names the writer behind another's anonymous piece", async () => {
    const { text } = await exportOf(owner);
    expect(text).not.toContain("Otis");
    expect(text).not.toContain("Hidden Hand");
    expect(text).not.toContain(other.id);
    expect(text).not.toContain("Someone's anonymous words");
  });

  it("gives another writer and an admin only their own data", async () => {
    const theirs = await exportOf(other);
    expect(theirs.doc.profile.id).toBe(other.id);
    expect(theirs.doc.pieces.map((p) => p.id)).toEqual([theirAnonymousId]);
    expect(theirs.doc.comments).toEqual([]);
    expect(theirs.text).not.toContain("Olive");
    const admins = await exportOf(admin);
    expect(admins.doc.pieces.map((p) => p.published?.title)).toEqual(["The admin's own"]);
    expect(admins.text).not.toContain(owner.email);
    expect(admins.doc.reports).toEqual([]);
  });
});
