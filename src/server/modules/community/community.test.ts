import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  COMMENT_MAX_LENGTH,
  COMMENTS_LIMIT,
  COMMUNITY_FEED_LIMIT,
  COMMUNITY_PAGE_SIZE,
  COMMUNITY_PREVIEW_CHARS,
  PROMPT_HISTORY_LIMIT,
} from "#shared/constants.ts";
import { addDays, localDate } from "#shared/domain/dates.ts";
import { countWords, pagesFor } from "#shared/domain/words.ts";
import { MESSAGES } from "#shared/errors.ts";
import type { CommentList, CommunityFeedPage, CommunityPieceDetail, LikeResult, PieceComment, PromptHistory } from "#shared/schemas/community.ts";
import { COMMUNITY_MESSAGES } from "#shared/schemas/community.ts";
import { submissionComments, submissions, users } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createPrompt, createSubmission, createUser, freewritePrompt, type TestUser } from "#tests/factories.ts";

let t: TestApp;
let writer: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [writer, other, admin] = await Promise.all([
    createUser(t, { name: "Writer One" }),
    createUser(t, { name: "Other Writer" }),
    createUser(t, { name: "Admin Editor", admin: true }),
  ]);
});
afterAll(async () => {
  await t?.close();
});

/** Each test reads its own prompt's pieces, so tests never see each other's rows. */
let promptDay = 0;
async function ownPrompt(text?: string) {
  return createPrompt(t, { date: addDays("2001-01-01", ++promptDay), text });
}

const minutesAgo = (m: number) => new Date(t.deps.clock.now().getTime() - m * 60_000);

/** Many pieces in one insert (reading tests only). */
async function insertPieces(
  rows: { user: { id: string }; promptId: string; createdAt: Date; content?: string; likeCount?: number; submissionType?: "name" | "alias" | "anonymous"; title?: string | null }[],
): Promise<string[]> {
  const values = rows.map((r, i) => {
    const content = r.content ?? `Piece number ${i} with a few words`;
    const words = countWords(content);
    return {
      userId: r.user.id,
      promptId: r.promptId,
      content,
      title: r.title ?? null,
      wordCount: words,
      pagesWritten: pagesFor(words),
      submissionType: r.submissionType ?? ("name" as const),
      isPrivate: false,
      localDate: localDate(r.createdAt, "UTC"),
      likeCount: r.likeCount ?? 0,
      createdAt: r.createdAt,
      updatedAt: r.createdAt,
    };
  });
  const inserted = await t.deps.db.insert(submissions).values(values).returning({ id: submissions.id });
  return inserted.map((r) => r.id);
}

function feedUrl(params: Record<string, string | undefined>): string {
  const qs = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
  return `/api/community/feed?${qs}`;
}

async function feed(params: Record<string, string | undefined>, cookie?: string) {
  const res = await t.json<CommunityFeedPage>(feedUrl(params), { cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Every page of a view, following the cursor; `between` runs before each next page. */
async function allPages(params: Record<string, string>, between?: (page: number) => Promise<void>) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const body = await feed({ ...params, cursor });
    expect(body.items.length).toBeLessThanOrEqual(COMMUNITY_PAGE_SIZE);
    ids.push(...body.items.map((i) => i.id));
    if (!body.nextCursor) return ids;
    cursor = body.nextCursor;
    await between?.(page);
  }
  throw new Error("the feed never ended");
}

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
});

describe("author labels", () => {
  it("alias and anonymous pieces carry no name, email or user id of the writer; name pieces show the streak", async () => {
    const p = await ownPrompt();
    const secretive = await createUser(t, { name: "Quintessa Marlowe", alias: "Night Owl", email: `quintessa-${Date.now()}@example.com` });
    await t.deps.db
      .update(users)
      .set({ currentStreak: 4, longestStreak: 6, lastWriteDate: localDate(t.deps.clock.now(), "UTC") })
      .where(eq(users.id, secretive.id));
    const alias = await createSubmission(t, secretive, { promptId: p.id, submissionType: "alias", createdAt: minutesAgo(3) });
    const anon = await createSubmission(t, secretive, { promptId: p.id, submissionType: "anonymous", createdAt: minutesAgo(2) });
    const named = await createSubmission(t, secretive, { promptId: p.id, submissionType: "name", createdAt: minutesAgo(1) });
    // The streak stored at publishing (even if a careless write had put one on the others).
    await t.deps.db.update(submissions).set({ authorStreak: 4 }).where(eq(submissions.userId, secretive.id));

    const res = await t.request(feedUrl({ prompt: p.id }), { cookie: other.cookie });
    const body = (await res.json()) as CommunityFeedPage;
    const byId = new Map(body.items.map((i) => [i.id, i]));
    expect(byId.get(alias.id)!.author).toEqual({ label: "Night Owl", signature: "alias", streak: null });
    expect(byId.get(anon.id)!.author).toEqual({ label: "Anonymous", signature: "anonymous", streak: null });
    expect(byId.get(named.id)!.author).toEqual({ label: "Quintessa Marlowe", signature: "name", streak: 4 });

    for (const id of [alias.id, anon.id]) {
      const json = JSON.stringify(byId.get(id));
      const detail = JSON.stringify((await t.json<{ piece: CommunityPieceDetail }>(`/api/community/pieces/${id}`)).body);
      for (const text of [json, detail]) {
        expect(text).not.toContain("Quintessa");
        expect(text).not.toContain("Marlowe");
        expect(text).not.toContain(secretive.email);
        expect(text).not.toContain(secretive.id);
      }
    }
    // Sorting by author does not leak either (the label is the sort key).
    const byAuthor = JSON.stringify(await feed({ prompt: p.id, sort: "author" }));
    expect(byAuthor.match(/Quintessa/g)).toHaveLength(1);
    expect(byAuthor).not.toContain(secretive.id);
  });

  it("shows the streak the writer had when the piece was published, never their live streak", async () => {
    const p = await ownPrompt();
    const writerNow = await createUser(t, { name: "Steady Writer" });
    // Live streak 9 (e.g. moved since by an anonymous piece); the piece was published at 3.
    await t.deps.db
      .update(users)
      .set({ currentStreak: 9, longestStreak: 9, lastWriteDate: localDate(t.deps.clock.now(), "UTC") })
      .where(eq(users.id, writerNow.id));
    const piece = await createSubmission(t, writerNow, { promptId: p.id });
    await t.deps.db.update(submissions).set({ authorStreak: 3 }).where(eq(submissions.id, piece.id));
    expect((await feed({ prompt: p.id })).items[0]!.author.streak).toBe(3);
    expect((await t.json<{ piece: CommunityPieceDetail }>(`/api/community/pieces/${piece.id}`)).body.piece.author.streak).toBe(3);
  });
});

describe("card previews", () => {
  it("keep their markup, are cut at a word, never inside a marker, and are flagged when the text goes on", async () => {
    const p = await ownPrompt();
    // A bold run straddles the preview's length: cutting the raw text would leave "**" on screen.
    const content = `${"a".repeat(COMMUNITY_PREVIEW_CHARS - 10)} **bold words that run past the cut** and *more* after`;
    await createSubmission(t, writer, { promptId: p.id, content });
    const card = (await feed({ prompt: p.id })).items[0]!;
    expect(card.truncated).toBe(true);
    // The run the cut closed off loses its opening marker: no stray asterisks on screen.
    expect(card.preview).not.toContain("*");
    expect(card.preview.length).toBeLessThanOrEqual(COMMUNITY_PREVIEW_CHARS);
    expect(card.preview).toMatch(/ bold( words)*$/);

    const p2 = await ownPrompt();
    await createSubmission(t, writer, { promptId: p2.id, content: "Short and **sweet**" });
    expect((await feed({ prompt: p2.id })).items[0]).toMatchObject({ preview: "Short and **sweet**", truncated: false });
  });
});

describe("GET /api/community/pieces/:id", () => {
  it("answers the full text and the viewer's like state; 404 for unknown ids", async () => {
    const p = await ownPrompt();
    const long = "word ".repeat(400).trim();
    const piece = await createSubmission(t, writer, { promptId: p.id, title: "Long one", content: long });
    const card = (await feed({ prompt: p.id })).items[0]!;
    expect(card.truncated).toBe(true);
    expect(card.preview.length).toBeLessThan(long.length);
    expect(card.preview).toMatch(/word$/);
    const detail = await t.json<{ piece: CommunityPieceDetail }>(`/api/community/pieces/${piece.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.piece).toMatchObject({ id: piece.id, title: "Long one", content: long, wordCount: 400, likedByMe: false });
    expect((await t.json(`/api/community/pieces/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await t.json(`/api/community/pieces/not-a-uuid`)).status).toBe(404);
  });
});

describe("likes", () => {
  it("asks visitors to sign in", async () => {
    const piece = await createSubmission(t, writer, { promptId: (await ownPrompt()).id });
    const res = await t.json<{ message: string }>(`/api/community/pieces/${piece.id}/like`, { method: "PUT" });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MESSAGES.loginToLike);
    expect((await t.json(`/api/community/pieces/${piece.id}/like`, { method: "DELETE" })).status).toBe(401);
  });

  it("is idempotent, also under concurrent requests, and answers the true count", async () => {
    const p = await ownPrompt();
    const piece = await createSubmission(t, writer, { promptId: p.id });
    const url = `/api/community/pieces/${piece.id}/like`;
    const five = await Promise.all(Array.from({ length: 5 }, () => t.json<LikeResult>(url, { method: "PUT", cookie: other.cookie })));
    expect(five.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(five.map((r) => r.body.likeCount)).toEqual([1, 1, 1, 1, 1]);
    const card = (await feed({ prompt: p.id }, other.cookie)).items[0]!;
    expect(card).toMatchObject({ likeCount: 1, likedByMe: true });
    expect((await feed({ prompt: p.id }, writer.cookie)).items[0]!.likedByMe).toBe(false);

    expect((await t.json<LikeResult>(url, { method: "PUT", cookie: writer.cookie })).body).toEqual({ liked: true, likeCount: 2 });
    const unlikes = await Promise.all(Array.from({ length: 4 }, () => t.json<LikeResult>(url, { method: "DELETE", cookie: other.cookie })));
    expect(unlikes.map((r) => r.body)).toEqual(Array(4).fill({ liked: false, likeCount: 1 }));
    const [row] = await t.deps.db.select({ likeCount: submissions.likeCount }).from(submissions).where(eq(submissions.id, piece.id));
    const likeRows = await t.deps.db.execute(sql`select count(*)::int as n from submission_likes where submission_id = ${piece.id}::uuid`);
    expect(row!.likeCount).toBe(1);
    expect(Number((likeRows as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(1);
  });

  it("answers 404 for a missing piece", async () => {
    const res = await t.json(`/api/community/pieces/00000000-0000-4000-8000-000000000000/like`, { method: "PUT", cookie: other.cookie });
    expect(res.status).toBe(404);
  });
});

describe("comments", () => {
  it("visitors read comments but are asked to sign in to write or delete one", async () => {
    const piece = await createSubmission(t, writer, { promptId: (await ownPrompt()).id });
    const list = await t.json<CommentList>(`/api/community/pieces/${piece.id}/comments`);
    expect(list).toEqual({ status: 200, body: { comments: [], commentCount: 0, hasOlder: false } });
    const post = await t.json<{ message: string }>(`/api/community/pieces/${piece.id}/comments`, { json: { content: "hello" } });
    expect(post.status).toBe(401);
    expect(post.body.message).toBe(COMMUNITY_MESSAGES.loginToComment);
    // Even an invalid body hears 401 first.
    expect((await t.json(`/api/community/pieces/${piece.id}/comments`, { json: { content: "" } })).status).toBe(401);
  });

  it("keeps comments trimmed, non-empty and at most 2,000 characters", async () => {
    const piece = await createSubmission(t, writer, { promptId: (await ownPrompt()).id });
    const url = `/api/community/pieces/${piece.id}/comments`;
    const blank = await t.json<{ message: string }>(url, { cookie: other.cookie, json: { content: "   \n  " } });
    expect(blank.status).toBe(422);
    expect(blank.body.message).toBe(COMMUNITY_MESSAGES.commentRequired);
    const long = await t.json<{ message: string }>(url, { cookie: other.cookie, json: { content: "x".repeat(COMMENT_MAX_LENGTH + 1) } });
    expect(long.status).toBe(422);
    expect(long.body.message).toBe(COMMUNITY_MESSAGES.commentTooLong);
    expect((await t.json<CommentList>(url)).body.commentCount).toBe(0);

    const ok = await t.json<{ comment: PieceComment; commentCount: number }>(url, { cookie: other.cookie, json: { content: `  ${"y".repeat(COMMENT_MAX_LENGTH)}  ` } });
    expect(ok.status).toBe(201);
    expect(ok.body.comment.content).toBe("y".repeat(COMMENT_MAX_LENGTH));
    expect(ok.body.comment).toMatchObject({ authorLabel: "Other Writer", mine: true, canDelete: true });
    expect(ok.body.commentCount).toBe(1);
  });

  it("counts concurrent comments correctly and lists them oldest first", async () => {
    const p = await ownPrompt();
    const piece = await createSubmission(t, writer, { promptId: p.id });
    const url = `/api/community/pieces/${piece.id}/comments`;
    await t.json(url, { cookie: writer.cookie, json: { content: "first" } });
    await Promise.all(Array.from({ length: 5 }, (_, i) => t.json(url, { cookie: other.cookie, json: { content: `more ${i}` } })));
    const list = (await t.json<CommentList>(url, { cookie: writer.cookie })).body;
    expect(list.commentCount).toBe(6);
    expect(list.comments).toHaveLength(6);
    expect(list.comments[0]).toMatchObject({ content: "first", mine: true, canDelete: true, authorLabel: "Writer One" });
    expect(list.comments[1]).toMatchObject({ mine: false, canDelete: false });
    expect((await feed({ prompt: p.id })).items[0]!.commentCount).toBe(6);
  });

  it("lists the newest COMMENTS_LIMIT comments, oldest first, so a new comment on a long thread is shown", async () => {
    const piece = await createSubmission(t, writer, { promptId: (await ownPrompt()).id });
    const start = minutesAgo(10_000).getTime();
    await t.deps.db.insert(submissionComments).values(
      Array.from({ length: COMMENTS_LIMIT + 2 }, (_, i) => ({
        submissionId: piece.id,
        userId: other.id,
        content: `old ${i}`,
        createdAt: new Date(start + i * 1000),
      })),
    );
    await t.deps.db.update(submissions).set({ commentCount: COMMENTS_LIMIT + 2 }).where(eq(submissions.id, piece.id));
    const url = `/api/community/pieces/${piece.id}/comments`;
    const posted = await t.json<{ comment: PieceComment }>(url, { cookie: writer.cookie, json: { content: "the newest" } });
    expect(posted.status).toBe(201);
    const list = (await t.json<CommentList>(url)).body;
    expect(list.comments).toHaveLength(COMMENTS_LIMIT);
    expect(list.hasOlder).toBe(true);
    expect(list.commentCount).toBe(COMMENTS_LIMIT + 3);
    expect(list.comments.at(-1)!.content).toBe("the newest");
    expect(list.comments[0]!.content).toBe("old 3");
  });

  it("limits how many comments and likes one client may send in a minute", async () => {
    // Its own app: limits scaled down to 2 comments and 12 likes a minute, clients told apart by X-Forwarded-For.
    const limited = await createTestApp({ AUTH_RATE_LIMIT_SCALE: "0.1", TRUST_PROXY: "true" });
    try {
      const w = await createUser(limited, { name: "Busy Commenter" });
      const piece = await createSubmission(limited, w);
      const from = (ip: string) => ({ cookie: w.cookie, headers: { "x-forwarded-for": ip } });
      const comment = (ip: string) => limited.json(`/api/community/pieces/${piece.id}/comments`, { ...from(ip), json: { content: "again" } });
      for (let i = 0; i < 2; i++) expect((await comment("203.0.113.9")).status).toBe(201);
      const refused = await comment("203.0.113.9");
      expect(refused.status).toBe(429);
      expect((refused.body as { code: string }).code).toBe("rate_limited");
      expect((await limited.json<CommentList>(`/api/community/pieces/${piece.id}/comments`)).body.commentCount).toBe(2);
      expect((await comment("198.51.100.9")).status).toBe(201);

      const like = (method: "PUT" | "DELETE") => limited.json(`/api/community/pieces/${piece.id}/like`, { ...from("203.0.113.10"), method });
      for (let i = 0; i < 12; i++) expect((await like(i % 2 === 0 ? "PUT" : "DELETE")).status).toBe(200);
      expect((await like("PUT")).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("shows a commenter's alias instead of their name, and no ids", async () => {
    const piece = await createSubmission(t, writer, { promptId: (await ownPrompt()).id });
    const masked = await createUser(t, { name: "Hidden Person", alias: "Pen Name" });
    const url = `/api/community/pieces/${piece.id}/comments`;
    await t.json(url, { cookie: masked.cookie, json: { content: "lovely" } });
    const text = JSON.stringify((await t.json(url)).body);
    expect(text).toContain("Pen Name");
    expect(text).not.toContain("Hidden Person");
    expect(text).not.toContain(masked.id);
  });

  it("labels the piece's writer as the piece is signed, so an anonymous writer stays anonymous", async () => {
    const p = await ownPrompt();
    const shy = await createUser(t, { name: "Ophelia Grant", alias: "Marsh Light" });
    const anon = await createSubmission(t, shy, { promptId: p.id, submissionType: "anonymous" });
    const aliased = await createSubmission(t, shy, { promptId: p.id, submissionType: "alias" });
    const named = await createSubmission(t, shy, { promptId: p.id, submissionType: "name" });
    const say = (id: string, cookie: string) => t.json<{ comment: PieceComment }>(`/api/community/pieces/${id}/comments`, { cookie, json: { content: "thank you all" } });

    const onAnon = (await say(anon.id, shy.cookie)).body.comment;
    expect(onAnon).toMatchObject({ authorLabel: "Anonymous", byWriter: true });
    expect((await say(aliased.id, shy.cookie)).body.comment).toMatchObject({ authorLabel: "Marsh Light", byWriter: true });
    // On a name-signed piece the alias would tie the pen name to the name: the name is shown.
    expect((await say(named.id, shy.cookie)).body.comment).toMatchObject({ authorLabel: "Ophelia Grant", byWriter: true });
    // Elsewhere the commenter uses their pen name.
    expect((await say(anon.id, other.cookie)).body.comment).toMatchObject({ authorLabel: "Other Writer", byWriter: false });

    const list = JSON.stringify((await t.json(`/api/community/pieces/${anon.id}/comments`)).body);
    expect(list).not.toContain("Ophelia");
    expect(list).not.toContain("Marsh Light");
    expect(list).not.toContain(shy.id);
  });

  it("lets the writer delete their own comment and an admin any; another writer gets 403", async () => {
    const piece = await createSubmission(t, writer, { promptId: (await ownPrompt()).id });
    const url = `/api/community/pieces/${piece.id}/comments`;
    const mine = (await t.json<{ comment: PieceComment }>(url, { cookie: writer.cookie, json: { content: "mine" } })).body.comment;
    const theirs = (await t.json<{ comment: PieceComment }>(url, { cookie: other.cookie, json: { content: "theirs" } })).body.comment;

    const visitor = await t.json<{ message: string }>(`/api/community/comments/${mine.id}`, { method: "DELETE" });
    expect(visitor.status).toBe(401);
    const forbidden = await t.json<{ message: string }>(`/api/community/comments/${theirs.id}`, { method: "DELETE", cookie: writer.cookie });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(COMMUNITY_MESSAGES.notYourComment);
    expect((await t.json<CommentList>(url)).body.commentCount).toBe(2);

    const adminView = (await t.json<CommentList>(url, { cookie: admin.cookie })).body.comments;
    expect(adminView.every((c) => c.canDelete)).toBe(true);

    expect((await t.json<{ commentCount: number }>(`/api/community/comments/${mine.id}`, { method: "DELETE", cookie: writer.cookie })).body.commentCount).toBe(1);
    expect((await t.json<{ commentCount: number }>(`/api/community/comments/${theirs.id}`, { method: "DELETE", cookie: admin.cookie })).body.commentCount).toBe(0);
    expect((await t.json(`/api/community/comments/${theirs.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(404);
    expect((await t.json<CommentList>(url)).body).toEqual({ comments: [], commentCount: 0, hasOlder: false });
  });
});

describe("GET /api/community/prompts", () => {
  it("lists prompts up to today without test or draft texts, by public response count then date", async () => {
    const today = localDate(t.deps.clock.now(), "UTC");
    const mk = (offset: number, text: string) => createPrompt(t, { date: addDays(today, offset), text });
    const busy = await mk(-400, "A busy old prompt");
    const quietNew = await mk(-401, "A quiet prompt");
    const quietOld = await mk(-402, "Another quiet prompt");
    const testing = await mk(-403, "This is a TEST prompt");
    const drafty = await mk(-404, "a Draft for later");
    const future = await mk(3, "Tomorrow's words");
    await createSubmission(t, writer, { promptId: busy.id });
    await createSubmission(t, writer, { promptId: busy.id });
    await createSubmission(t, writer, { promptId: busy.id, isPrivate: true });
    await createSubmission(t, writer, { promptId: quietNew.id });
    await createSubmission(t, writer, { promptId: quietOld.id });
    await createSubmission(t, writer, { promptId: quietOld.id, isPrivate: true });

    const res = await t.json<PromptHistory>("/api/community/prompts");
    expect(res.status).toBe(200);
    expect(res.body.prompts.length).toBeLessThanOrEqual(PROMPT_HISTORY_LIMIT);
    const ids = res.body.prompts.map((p) => p.id);
    for (const hidden of [testing.id, drafty.id, future.id]) expect(ids).not.toContain(hidden);
    const mine = res.body.prompts.filter((p) => [busy.id, quietNew.id, quietOld.id].includes(p.id));
    expect(mine.map((p) => [p.text, p.responseCount])).toEqual([
      ["A busy old prompt", 2],
      ["A quiet prompt", 1],
      ["Another quiet prompt", 1],
    ]);
    const counts = res.body.prompts.map((p) => p.responseCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(res.body.freewritePromptId).toBe((await freewritePrompt(t)).id);
  });

  it("keeps counts current: a published or deleted piece anywhere clears the cached history", async () => {
    const today = localDate(t.deps.clock.now(), "UTC");
    const prompt = await createPrompt(t, { date: addDays(today, -420), text: "A prompt that gains a response" });
    const countOf = async () => (await t.json<PromptHistory>("/api/community/prompts")).body.prompts.find((p) => p.id === prompt.id)?.responseCount;
    // Cached from the test above (the new prompt is not listed yet) until a piece changes.
    await t.deps.realtime.publish(t.deps.db, "piece:deleted", { id: "00000000-0000-4000-8000-000000000000" });
    await vi.waitFor(async () => expect(await countOf()).toBe(0));
    const piece = await createSubmission(t, writer, { promptId: prompt.id });
    await t.deps.realtime.publish(t.deps.db, "piece:published", { id: piece.id, promptId: prompt.id });
    await vi.waitFor(async () => expect(await countOf()).toBe(1));
  });
});

