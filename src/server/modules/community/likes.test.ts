import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "#shared/errors.ts";
import { COMMUNITY_MESSAGES, type LikeResult } from "#shared/schemas/community.ts";
import { submissions } from "#server/db/schema/index.ts";
import { createSubmission } from "#tests/factories.ts";
import { feed, other, ownPrompt, t, useCommunityApp, writer } from "./test-helpers.ts";

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

  it("answers 404 for an id that is not a piece's, after asking a visitor to sign in", async () => {
    const res = await t.json<{ message: string }>(`/api/community/pieces/not-a-uuid/like`, { method: "DELETE", cookie: other.cookie });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(COMMUNITY_MESSAGES.pieceNotFound);
    expect((await t.json(`/api/community/pieces/not-a-uuid/like`, { method: "PUT" })).status).toBe(401);
  });
});
