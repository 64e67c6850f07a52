import { describe, expect, it } from "vitest";
import type { CommunityFeedPage } from "#shared/schemas/community.ts";
import type { RestoreResponse, TrashPage } from "#shared/schemas/trash.ts";
import { eq } from "drizzle-orm";
import { submissions, trashedPieces, users } from "#server/db/schema/index.ts";
import { createSubmission, createUser } from "#tests/factories.ts";
import { liveEventsDelivered } from "#tests/setup/live-events.ts";
import { DAY_MS, other, owner, piece, share, t, usePortfolioApp } from "./test-helpers.ts";

/*
 * Trash (issue 15 item 3): a deleted piece is gone from every public place at once, waits 30 days
 * in its writer's trash, comes back with its likes and comments, and is purged after 30 days.
 */

usePortfolioApp();

const trash = (cookie = owner.cookie) => t.json<TrashPage>("/api/me/trash", { cookie });
const del = (id: string, cookie = owner.cookie) => t.request(`/api/submissions/${id}`, { method: "DELETE", cookie });
const restore = (id: string, cookie = owner.cookie) => t.json<RestoreResponse>(`/api/me/trash/${id}/restore`, { method: "POST", cookie });
const feedIds = async (q = "") => (await t.json<CommunityFeedPage>(`/api/community/feed${q ? `?q=${encodeURIComponent(q)}` : ""}`)).body.items.map((p) => p.id);
const atom = async () => (await t.request("/feeds/community.xml")).text();

describe("deleting a piece moves it to the trash", () => {
  it("is gone at once from the community feed, search, its share link, its image and page meta, and the Atom feed", async () => {
    const word = `zephyrine${Date.now().toString(36)}`;
    const p = await createSubmission(t, owner, { title: "Into the bin", content: `A ${word} morning of words` });
    const link = await share(p.id);
    await liveEventsDelivered(t);
    expect(await feedIds()).toContain(p.id);
    expect(await feedIds(word)).toContain(p.id);
    expect(await atom()).toContain(p.id);
    expect((await t.request(`/api/og/${p.id}.png`)).status).toBe(200);

    expect((await del(p.id)).status).toBe(200);
    await liveEventsDelivered(t);
    expect(await feedIds()).not.toContain(p.id);
    expect(await feedIds(word)).not.toContain(p.id);
    expect(await atom()).not.toContain(p.id);
    expect((await piece(p.id)).status).toBe(404);
    expect((await piece(p.id, null, link.token)).status).toBe(404);
    expect((await t.json<{ submissionId: string | null }>(`/api/share/${link.token}`)).status).not.toBe(200);
    expect((await t.request(`/api/og/${p.id}.png`)).status).toBe(404);
    const html = await (await t.request(`/submission/${p.id}`)).text();
    expect(html).not.toContain("Into the bin");

    const listed = (await trash()).body.items.find((i) => i.id === p.id);
    expect(listed).toMatchObject({ title: "Into the bin", removedByAdmin: false, note: null });
    expect(Date.parse(listed!.purgeAt) - Date.parse(listed!.trashedAt)).toBe(30 * DAY_MS);
  });

  it("restores it under the same id with its likes and comments, counts recomputed, and back in the feed", async () => {
    const [liker, commenter, leaver] = await Promise.all([createUser(t, { confirmed: true }), createUser(t, { confirmed: true }), createUser(t, { confirmed: true })]);
    const p = await createSubmission(t, owner, { title: "Coming back" });
    for (const u of [liker, leaver]) expect((await t.request(`/api/community/pieces/${p.id}/like`, { method: "PUT", cookie: u.cookie })).status).toBe(200);
    for (const u of [commenter, leaver]) expect((await t.request(`/api/community/pieces/${p.id}/comments`, { json: { content: "Lovely" }, cookie: u.cookie })).status).toBe(201);
    expect((await del(p.id)).status).toBe(200);
    // A reader who leaves while the piece is in the trash takes their like and comment along.
    await t.deps.db.delete(users).where(eq(users.id, leaver.id));

    const res = await restore(p.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: p.id, isPrivate: false, likeCount: 1, commentCount: 1 });
    await liveEventsDelivered(t);
    const back = await piece(p.id);
    expect(back.status).toBe(200);
    expect(back.body.submission).toMatchObject({ id: p.id, likeCount: 1, commentCount: 1 });
    const comments = await t.json<{ comments: { content: string }[] }>(`/api/community/pieces/${p.id}/comments`);
    expect(comments.body.comments.map((c) => c.content)).toEqual(["Lovely"]);
    expect(await feedIds()).toContain(p.id);
    expect((await trash()).body.items.map((i) => i.id)).not.toContain(p.id);
  });

  it("deletes forever from the trash: nothing is left to restore", async () => {
    const p = await createSubmission(t, owner);
    expect((await del(p.id)).status).toBe(200);
    expect((await t.request(`/api/me/trash/${p.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
    expect((await trash()).body.items.map((i) => i.id)).not.toContain(p.id);
    expect((await restore(p.id)).status).toBe(404);
  });
});

describe("restoring where a unique rule would break", () => {
  it("an imported piece comes back still imported, with the prompt its file named (no 500)", async () => {
    const p = await createSubmission(t, owner, { isPrivate: true });
    const importedAt = new Date("2026-03-01T10:00:00Z");
    await t.deps.db.update(submissions).set({ importedAt, importedPrompt: "A door left open" }).where(eq(submissions.id, p.id));
    expect((await del(p.id)).status).toBe(200);
    expect((await restore(p.id)).status).toBe(200);
    const [back] = await t.deps.db.select({ importedAt: submissions.importedAt, importedPrompt: submissions.importedPrompt }).from(submissions).where(eq(submissions.id, p.id));
    expect(back).toEqual({ importedAt, importedPrompt: "A door left open" });
  });

  it("a newer piece holding the same retry key keeps it; the restored one comes back without it (no 500)", async () => {
    const p = await createSubmission(t, owner);
    await t.deps.db.update(submissions).set({ idempotencyKey: "retry-key-1" }).where(eq(submissions.id, p.id));
    expect((await del(p.id)).status).toBe(200);
    const newer = await createSubmission(t, owner);
    await t.deps.db.update(submissions).set({ idempotencyKey: "retry-key-1" }).where(eq(submissions.id, newer.id));
    expect((await restore(p.id)).status).toBe(200);
    const [back] = await t.deps.db.select({ key: submissions.idempotencyKey }).from(submissions).where(eq(submissions.id, p.id));
    expect(back).toEqual({ key: null });
  });
});

describe("the purge", () => {
  it("keeps a trashed piece 29 days and deletes it after 30 (the hourly maintenance job)", async () => {
    const p = await createSubmission(t, owner);
    expect((await del(p.id)).status).toBe(200);
    const purge = async () => {
      await t.deps.jobs.send("maintenance.hourly", {});
      await t.deps.jobs.settle();
    };
    t.deps.testClock!.advance(29 * DAY_MS);
    await purge();
    expect((await trash()).body.items.map((i) => i.id)).toContain(p.id);
    t.deps.testClock!.advance(DAY_MS + 60_000);
    await purge();
    expect((await trash()).body.items.map((i) => i.id)).not.toContain(p.id);
    expect(await t.deps.db.select().from(trashedPieces)).not.toContainEqual(expect.objectContaining({ id: p.id }));
  });
});

describe("the listing", () => {
  it("pages by keyset, newest deleted first, and refuses a crafted cursor with a 422", async () => {
    const writer = await createUser(t);
    const ids: string[] = [];
    for (let i = 0; i < 22; i++) {
      const p = await createSubmission(t, writer);
      expect((await del(p.id, writer.cookie)).status).toBe(200);
      ids.unshift(p.id);
      t.deps.testClock!.advance(1000);
    }
    const first = await trash(writer.cookie);
    expect(first.body.items).toHaveLength(20);
    const second = await t.json<TrashPage>(`/api/me/trash?cursor=${first.body.nextCursor}`, { cookie: writer.cookie });
    expect([...first.body.items, ...second.body.items].map((i) => i.id)).toEqual(ids);
    expect(second.body.nextCursor).toBeNull();
    expect((await t.request("/api/me/trash?cursor=bm9wZQ", { cookie: writer.cookie })).status).toBe(422);
    expect((await trash(other.cookie)).body.items).toEqual([]);
  });
});
