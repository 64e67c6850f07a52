import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { COMMUNITY_FEED_LIMIT } from "#shared/constants.ts";
import { COMMUNITY_MESSAGES } from "#shared/schemas/community.ts";
import { submissions } from "#server/db/schema/index.ts";
import { createSubmission, createUser, freewritePrompt } from "#tests/factories.ts";
import { allPages, feed, feedUrl, insertPieces, minutesAgo, other, ownPrompt, t, useCommunityApp, writer } from "./test-helpers.ts";

useCommunityApp();

describe("GET /api/community/feed", () => {
  it("is readable by visitors, newest first, with the card's fields", async () => {
    const p = await ownPrompt("Write about **rain** on a tin roof");
    const older = await createSubmission(t, writer, { promptId: p.id, title: "Older", createdAt: minutesAgo(10) });
    const newer = await createSubmission(t, writer, { promptId: p.id, title: "Newer", content: "one two three", createdAt: minutesAgo(5) });
    const body = await feed({ prompt: p.id });
    expect(body.items.map((i) => i.id)).toEqual([newer.id, older.id]);
    expect(body.items[0]).toMatchObject({
      title: "Newer",
      preview: "one two three",
      truncated: false,
      prompt: { id: p.id, text: "Write about **rain** on a tin roof", kind: "daily" },
      author: { label: "Writer One", signature: "name" },
      isFeatured: false,
      wordCount: 3,
      likeCount: 0,
      commentCount: 0,
      likedByMe: false,
    });
    expect(body.nextCursor).toBeNull();
  });

  it("never shows private pieces, not in the feed, the detail, likes or comments", async () => {
    const p = await ownPrompt();
    const secret = await createSubmission(t, writer, { promptId: p.id, isPrivate: true, content: "my private diary zanzibarish" });
    const shown = await createSubmission(t, writer, { promptId: p.id });
    expect((await feed({ prompt: p.id })).items.map((i) => i.id)).toEqual([shown.id]);
    expect((await feed({ q: "zanzibarish" })).items).toEqual([]);
    const everything = await allPages({});
    expect(everything).not.toContain(secret.id);
    expect((await t.json(`/api/community/pieces/${secret.id}`)).status).toBe(404);
    expect((await t.json(`/api/community/pieces/${secret.id}`, { cookie: writer.cookie })).status).toBe(404);
    expect((await t.json(`/api/community/pieces/${secret.id}/like`, { method: "PUT", cookie: other.cookie })).status).toBe(404);
    expect((await t.json(`/api/community/pieces/${secret.id}/comments`)).status).toBe(404);
    expect((await t.json(`/api/community/pieces/${secret.id}/comments`, { cookie: other.cookie, json: { content: "hi" } })).status).toBe(404);
  });

  it("filters by prompt and by Weekly Freewrite", async () => {
    const a = await ownPrompt();
    const b = await ownPrompt();
    const free = await freewritePrompt(t);
    const inA = await createSubmission(t, writer, { promptId: a.id });
    const inB = await createSubmission(t, writer, { promptId: b.id });
    const freewrite = await createSubmission(t, writer, { promptId: free.id, content: "a freewrite about nothing much" });
    expect((await feed({ prompt: a.id })).items.map((i) => i.id)).toEqual([inA.id]);
    expect((await feed({ prompt: b.id })).items.map((i) => i.id)).toEqual([inB.id]);
    const frees = (await feed({ prompt: "freewrite" })).items;
    expect(frees.map((i) => i.id)).toContain(freewrite.id);
    expect(frees.every((i) => i.prompt.kind === "freewrite")).toBe(true);
  });

  it("filters Editor's Picks and This Week (the last 7 days)", async () => {
    const p = await ownPrompt();
    const picked = await createSubmission(t, writer, { promptId: p.id, isFeatured: true, createdAt: minutesAgo(60) });
    const recent = await createSubmission(t, writer, { promptId: p.id, createdAt: minutesAgo(6 * 24 * 60) });
    const old = await createSubmission(t, writer, { promptId: p.id, createdAt: minutesAgo(8 * 24 * 60) });
    const featured = await feed({ prompt: p.id, filter: "featured" });
    expect(featured.items.map((i) => i.id)).toEqual([picked.id]);
    expect(featured.items[0]!.isFeatured).toBe(true);
    expect((await feed({ prompt: p.id, filter: "week" })).items.map((i) => i.id)).toEqual([picked.id, recent.id]);
    expect((await feed({ prompt: p.id })).items.map((i) => i.id)).toEqual([picked.id, recent.id, old.id]);
  });

  it("searches titles and texts with full-text search: every word, as a word or its start", async () => {
    const p = await ownPrompt();
    const lighthouse = await createSubmission(t, writer, { promptId: p.id, title: "The Lighthouse Keeper", content: "Waves against the stones all night." });
    const harbour = await createSubmission(t, writer, { promptId: p.id, title: null, content: "The harbour lights were out, and the keeper slept." });
    await createSubmission(t, writer, { promptId: p.id, content: "Nothing about the sea at all." });
    const ids = async (q: string) => (await feed({ prompt: p.id, q })).items.map((i) => i.id).sort();
    expect(await ids("lighthouse")).toEqual([lighthouse.id]);
    expect(await ids("KEEPER")).toEqual([lighthouse.id, harbour.id].sort());
    expect(await ids("keep")).toEqual([lighthouse.id, harbour.id].sort());
    expect(await ids("keeper harbour")).toEqual([harbour.id]);
    expect(await ids("stones")).toEqual([lighthouse.id]);
    expect(await ids("submarine")).toEqual([]);
    // Punctuation only: no words, nothing matches; tsquery syntax cannot be injected.
    expect(await ids("!!! & | :*")).toEqual([]);
    expect(await ids("keeper & !harbour")).toEqual([harbour.id]);
  });

  it("sorts by Most Liked, Longest and By Author (label order, then newest)", async () => {
    const p = await ownPrompt();
    const zoe = await createUser(t, { name: "zoe Zed", alias: "Aardvark" });
    const amy = await createUser(t, { name: "Amy Able" });
    const [few, many, mid] = await insertPieces([
      { user: amy, promptId: p.id, createdAt: minutesAgo(3), likeCount: 1, content: "one two three four five six" },
      { user: amy, promptId: p.id, createdAt: minutesAgo(2), likeCount: 9, content: "one two" },
      { user: zoe, promptId: p.id, createdAt: minutesAgo(1), likeCount: 4, content: "one two three four", submissionType: "alias" },
    ]);
    const [anon] = await insertPieces([
      { user: zoe, promptId: p.id, createdAt: minutesAgo(4), likeCount: 4, submissionType: "anonymous", content: "one two three four five six seven eight" },
    ]);
    const order = async (sort: string) => (await feed({ prompt: p.id, sort })).items.map((i) => i.id);
    expect(await order("recent")).toEqual([mid, many, few, anon]);
    expect(await order("liked")).toEqual([many, mid, anon, few]);
    expect(await order("longest")).toEqual([anon, few, mid, many]);
    // Aardvark (alias), Amy Able x2 (newest first), Anonymous.
    expect(await order("author")).toEqual([mid, many, few, anon]);
  });

  it("pages through a view with no duplicates or gaps while new pieces arrive, for every sort", async () => {
    const p = await ownPrompt();
    const names = await Promise.all(["Cora", "ben", "Abe"].map((name) => createUser(t, { name })));
    const original = await insertPieces(
      Array.from({ length: 70 }, (_, i) => ({
        user: names[i % 3]!,
        promptId: p.id,
        createdAt: minutesAgo(100 + i),
        likeCount: i % 7,
        content: "word ".repeat(1 + (i % 11)),
        submissionType: i % 5 === 0 ? ("anonymous" as const) : ("name" as const),
      })),
    );
    let before = original;
    for (const sort of ["recent", "liked", "longest", "author"]) {
      const seen = await allPages({ prompt: p.id, sort }, async () => {
        // Newer pieces, some with more likes and words than any original, arrive mid-scroll.
        await insertPieces([
          { user: names[0]!, promptId: p.id, createdAt: minutesAgo(0), likeCount: 50, content: "word ".repeat(40) },
          { user: names[2]!, promptId: p.id, createdAt: minutesAgo(0), likeCount: 0, submissionType: "alias" },
        ]);
      });
      expect(new Set(seen).size, `${sort}: duplicates`).toBe(seen.length);
      expect([...seen].sort(), `${sort}: same pieces as when the scroll began`).toEqual([...before].sort());
      before = (await t.deps.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.promptId, p.id))).map((r) => r.id);
      expect(before.length).toBeGreaterThan(seen.length);
    }
    // A fresh first page (the "show" bar, Refresh) includes the new pieces.
    const fresh = await feed({ prompt: p.id });
    expect(original).not.toContain(fresh.items[0]!.id);
  });

  it("holds at most the 200 newest pieces of a view; the sort orders those 200", async () => {
    const p = await ownPrompt();
    const ids = await insertPieces(
      Array.from({ length: COMMUNITY_FEED_LIMIT + 5 }, (_, i) => ({
        user: writer,
        promptId: p.id,
        createdAt: minutesAgo(i),
        // The five oldest are the most liked: outside the 200 newest, they do not show.
        likeCount: i >= COMMUNITY_FEED_LIMIT ? 1000 : i % 13,
      })),
    );
    const newest = ids.slice(0, COMMUNITY_FEED_LIMIT);
    const recent = await allPages({ prompt: p.id });
    expect(recent).toEqual(newest);
    const liked = await allPages({ prompt: p.id, sort: "liked" });
    expect(liked).toHaveLength(COMMUNITY_FEED_LIMIT);
    expect([...liked].sort()).toEqual([...newest].sort());
  });

  it("refuses a damaged cursor and unknown options with 422", async () => {
    expect((await t.json(feedUrl({ cursor: "not-a-cursor" }))).status).toBe(422);
    const p = await ownPrompt();
    await insertPieces(Array.from({ length: 31 }, (_, i) => ({ user: writer, promptId: p.id, createdAt: minutesAgo(i) })));
    const { nextCursor } = await feed({ prompt: p.id });
    expect(nextCursor).toBeTruthy();
    // A Recent cursor is not a Most Liked cursor.
    expect((await t.json(feedUrl({ prompt: p.id, sort: "liked", cursor: nextCursor! }))).status).toBe(422);
    expect((await t.json(feedUrl({ sort: "random" }))).status).toBe(422);
    expect((await t.json(feedUrl({ filter: "mine" }))).status).toBe(422);
    expect((await t.json(feedUrl({ prompt: "'; drop table submissions; --" }))).status).toBe(422);
  });

  it("refuses a crafted cursor with the feed's message, never with a 500", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const at = "2026-03-01 12:00:00.123456+00";
    const crafted = (sort: string, value: unknown) => feedUrl({ sort, cursor: Buffer.from(JSON.stringify(value)).toString("base64url") });
    for (const url of [
      crafted("recent", { h: [at, id], k: [null, "2026-13-45 25:00:00+00", id], n: 30 }), // no such instant
      crafted("liked", { h: [at, id], k: [1e300, at, id], n: 30 }), // not a count
      crafted("author", { h: [at, id], k: [3, at, id], n: 30 }), // a count where a label belongs
      crafted("longest", { h: [at, "not-an-id"], k: [3, at, id], n: 30 }),
      crafted("recent", { h: [at, id], k: [null, at, id], n: COMMUNITY_FEED_LIMIT + 1 }),
    ]) {
      const res = await t.json<{ code: string; message: string }>(url);
      expect(res.status, url).toBe(422);
      expect(res.body).toMatchObject({ code: "invalid_cursor", message: COMMUNITY_MESSAGES.badCursor });
    }
  });
});
