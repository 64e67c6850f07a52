import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "#shared/errors.ts";
import { COMMUNITY_MESSAGES, type LikeResult } from "#shared/schemas/community.ts";
import { submissions } from "#server/db/schema/index.ts";
import { createSubmission } from "#tests/factories.ts";
import { admin, feed, other, ownPrompt, t, useCommunityApp, writer } from "./test-helpers.ts";

useCommunityApp();

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

    expect((await t.json<LikeResult>(url, { method: "PUT", cookie: admin.cookie })).body).toEqual({ liked: true, likeCount: 2 });
    const unlikes = await Promise.all(Array.from({ length: 4 }, () => t.json<LikeResult>(url, { method: "DELETE", cookie: other.cookie })));
    expect(unlikes.map((r) => r.body)).toEqual(Array(4).fill({ liked: false, likeCount: 1 }));
    const [row] = await t.deps.db.select({ likeCount: submissions.likeCount }).from(submissions).where(eq(submissions.id, piece.id));
    const likeRows = await t.deps.db.execute(sql`select count(*)::int as n from submission_likes where submission_id = ${piece.id}::uuid`);
    expect(row!.likeCount).toBe(1);
    expect(Number((likeRows as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(1);
  });

  it("refuses a like of one's own piece, admin or not, and changes nothing; anyone else's like counts (issue 11 item 12)", async () => {
    const p = await ownPrompt();
    const [mine, adminsOwn] = [await createSubmission(t, writer, { promptId: p.id }), await createSubmission(t, admin, { promptId: p.id })];
    const like = (id: string, cookie: string, method = "PUT") => t.json<LikeResult & { code: string; message: string }>(`/api/community/pieces/${id}/like`, { method, cookie });
    const countOf = async (id: string) => {
      const [row] = await t.deps.db.select({ likeCount: submissions.likeCount }).from(submissions).where(eq(submissions.id, id));
      const likeRows = await t.deps.db.execute(sql`select count(*)::int as n from submission_likes where submission_id = ${id}::uuid`);
      return [row!.likeCount, Number((likeRows as unknown as { rows: { n: number }[] }).rows[0]!.n)];
    };

    for (const [id, cookie] of [[mine.id, writer.cookie], [adminsOwn.id, admin.cookie]] as const) {
      const refused = await like(id, cookie);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ code: "own_piece", message: COMMUNITY_MESSAGES.ownPieceLike });
      expect(await countOf(id)).toEqual([0, 0]);
      // Unliking one's own piece is harmless: nothing to undo.
      expect((await like(id, cookie, "DELETE")).body).toEqual({ liked: false, likeCount: 0 });
    }

    expect((await like(mine.id, other.cookie)).body).toEqual({ liked: true, likeCount: 1 });
    expect((await like(mine.id, admin.cookie)).body).toEqual({ liked: true, likeCount: 2 });
    expect((await like(mine.id, writer.cookie)).status).toBe(403);
    expect(await countOf(mine.id)).toEqual([2, 2]);

    // The writer's own card says it is theirs (their like button is only a count); no one else's does.
    const cardFor = async (cookie?: string) => (await feed({ prompt: p.id }, cookie)).items.find((i) => i.id === mine.id)!;
    expect(await cardFor(writer.cookie)).toMatchObject({ isMine: true, likeCount: 2, likedByMe: false });
    expect(await cardFor(other.cookie)).toMatchObject({ isMine: false, likedByMe: true });
    expect(await cardFor()).toMatchObject({ isMine: false, likedByMe: false });
    const detail = await t.json<{ piece: { isMine: boolean } }>(`/api/community/pieces/${mine.id}`, { cookie: writer.cookie });
    expect(detail.body.piece.isMine).toBe(true);
  });

  it("answers 404 for a missing piece", async () => {
    const res = await t.json(`/api/community/pieces/00000000-0000-4000-8000-000000000000/like`, { method: "PUT", cookie: other.cookie });
    expect(res.status).toBe(404);
  });

  it("answers 404 for an id that is not a piece's, after asking a visitor to sign in", async () => {
    const res = await t.json<{ message: string }>(`/api/community/pieces/not-a-uuid/like`, { method: "DELETE", cookie: other.cookie });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(COMMUNITY_MESSAGES.pieceNotFound);
    expect((await t.json(`/api/community/pieces/not-a-uuid/like`, { method: "PUT" })).status).toBe(401);
  });
});
