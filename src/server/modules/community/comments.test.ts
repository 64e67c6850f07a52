import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { COMMENT_MAX_LENGTH, COMMENTS_LIMIT } from "#shared/constants.ts";
import { COMMUNITY_MESSAGES, type CommentList, type PieceComment } from "#shared/schemas/community.ts";
import { submissionComments, submissions } from "#server/db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createSubmission, createUser } from "#tests/factories.ts";
import { admin, feed, minutesAgo, other, ownPrompt, t, useCommunityApp, writer } from "./test-helpers.ts";

useCommunityApp();

describe("comments", () => {
  it("visitors read comments but are asked to sign in to write or delete one", async () => {
    const piece = await createSubmission(t, writer, { promptId: (await ownPrompt()).id });
    const list = await t.json<CommentList>(`/api/community/pieces/${piece.id}/comments`);
    expect(list).toEqual({ status: 200, body: { comments: [], commentCount: 0, hasOlder: false, commentsOff: false } });
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
      // Someone else's piece: a writer cannot like their own (issue 11 item 12).
      const piece = await createSubmission(limited, await createUser(limited, { name: "Piece Writer" }));
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
    expect((await t.json<CommentList>(url)).body).toEqual({ comments: [], commentCount: 0, hasOlder: false, commentsOff: false });
  });

  it("answers 404 for ids that name nothing, after asking a visitor to sign in", async () => {
    const deleteGone = await t.json<{ message: string }>(`/api/community/comments/not-a-uuid`, { method: "DELETE", cookie: writer.cookie });
    expect(deleteGone.status).toBe(404);
    expect(deleteGone.body.message).toBe(COMMUNITY_MESSAGES.commentNotFound);
    const deleteMissing = await t.json<{ message: string }>(`/api/community/comments/00000000-0000-4000-8000-000000000000`, { method: "DELETE", cookie: writer.cookie });
    expect(deleteMissing).toEqual({ status: 404, body: expect.objectContaining({ message: COMMUNITY_MESSAGES.commentNotFound }) });
    expect((await t.json(`/api/community/comments/not-a-uuid`, { method: "DELETE" })).status).toBe(401);

    const post = await t.json<{ message: string }>(`/api/community/pieces/not-a-uuid/comments`, { cookie: other.cookie, json: { content: "hello" } });
    expect(post.status).toBe(404);
    expect(post.body.message).toBe(COMMUNITY_MESSAGES.pieceNotFound);
    expect((await t.json(`/api/community/pieces/not-a-uuid/comments`, { json: { content: "hello" } })).status).toBe(401);
    expect((await t.json(`/api/community/pieces/not-a-uuid/comments`)).status).toBe(404);
  });
});
