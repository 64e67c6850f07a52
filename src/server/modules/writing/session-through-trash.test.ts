import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { RestoreResponse, TrashPage } from "#shared/schemas/trash.ts";
import type { SubmissionResponse } from "#shared/schemas/writing.ts";
import { spentWritingSessions } from "#server/db/schema/index.ts";
import { createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import { clock, MIN, piecesOf, startSession, submit, t, useWritingApp, type ErrorBody } from "./test-helpers.ts";

/*
 * The ten-minute rule through the trash (issue 24 item 1): a writing session is spent once,
 * whatever happens to its piece later, and a restore never brings back a second piece from one
 * window of writing.
 */

useWritingApp();

const del = (u: TestUser, id: string) => t.request(`/api/submissions/${id}`, { method: "DELETE", cookie: u.cookie });
const restore = (u: TestUser, id: string) => t.json<RestoreResponse & ErrorBody>(`/api/me/trash/${id}/restore`, { method: "POST", cookie: u.cookie });
const trashIds = async (u: TestUser) => (await t.json<TrashPage>("/api/me/trash", { cookie: u.cookie })).body.items.map((i) => i.id);

/** Two writing sessions started together, their time met, and a piece published with the first. */
async function twoSessionsOnePiece(u: TestUser) {
  const [first, second] = [await startSession(t, u.cookie), await startSession(t, u.cookie)];
  clock().advance(MIN * 1000);
  const published = await submit<SubmissionResponse>(t, u, { writingSession: first.token });
  expect(published.status).toBe(201);
  return { piece: published.body.submission, second };
}

describe("a writing session whose piece went to the trash", () => {
  it("does not make a window free: a session started before that piece cannot publish another", async () => {
    const u = await createUser(t);
    const { piece, second } = await twoSessionsOnePiece(u);
    expect((await del(u, piece.id)).status).toBe(200);

    const again = await submit<ErrorBody>(t, u, { writingSession: second.token });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe("writing_session_used_up");
    expect(await piecesOf(u.id)).toBe(0);
  });

  it("stays spent after the piece is deleted forever", async () => {
    const u = await createUser(t);
    const { piece, second } = await twoSessionsOnePiece(u);
    expect((await del(u, piece.id)).status).toBe(200);
    expect((await t.request(`/api/me/trash/${piece.id}`, { method: "DELETE", cookie: u.cookie })).status).toBe(200);

    const again = await submit<ErrorBody>(t, u, { action: "save", writingSession: second.token });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe("writing_session_used_up");
  });

  it("restores beside a later piece written in its own time", async () => {
    const u = await createUser(t);
    const { piece } = await twoSessionsOnePiece(u);
    expect((await del(u, piece.id)).status).toBe(200);
    expect((await submit(t, u)).status).toBe(201);

    expect((await restore(u, piece.id)).status).toBe(200);
    expect(await piecesOf(u.id)).toBe(2);
  });
});

describe("restoring a piece whose window another piece used", () => {
  it("is refused with a clear message and the piece stays in the trash, until the other piece goes", async () => {
    const u = await createUser(t);
    const { piece } = await twoSessionsOnePiece(u);
    expect((await del(u, piece.id)).status).toBe(200);
    // What an earlier build let through: the second session's piece, a second after the first.
    clock().advance(1000);
    const twin = await createSubmission(t, u, { title: "From the same ten minutes" });
    await t.deps.db.insert(spentWritingSessions).values({ nonce: randomUUID(), userId: u.id, submissionId: twin.id, spentAt: twin.createdAt });

    const refused = await restore(u, piece.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("same_writing_session");
    expect(refused.body.message).toBe(
      "This piece and another of your pieces were written in the same 5 seconds of writing, and one writing session makes one piece. It stays in your trash: delete the other piece to restore this one.",
    );
    expect(await trashIds(u)).toContain(piece.id);
    expect(await piecesOf(u.id)).toBe(1);

    expect((await del(u, twin.id)).status).toBe(200);
    expect((await restore(u, piece.id)).status).toBe(200);
    expect(await piecesOf(u.id)).toBe(1);
  });
});
