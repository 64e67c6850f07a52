import { expect, test } from "vitest";
import { countStatements } from "#tests/setup/statements.ts";
import { insertPieces, other, ownPrompt, t, useCommunityApp, writer } from "./test-helpers.ts";

/*
 * A like and a comment each lock the piece's row and write its counter, the row and the live
 * event: their statements are counted (issue 12), the request's own reads of who is asking
 * (session, user, admin flag, rate limit) included.
 */

useCommunityApp();

async function aPiece() {
  const prompt = await ownPrompt();
  const [id] = await insertPieces([{ user: writer, promptId: prompt.id, createdAt: t.deps.clock.now() }]);
  return id!;
}

test("a like takes at most 7 statements, and an unlike as many", async () => {
  const id = await aPiece();
  for (const method of ["PUT", "DELETE"]) {
    let status = 0;
    const { count, sql } = await countStatements(t.deps.db, async () => {
      ({ status } = await t.json(`/api/community/pieces/${id}/like`, { method, cookie: other.cookie }));
    });
    expect(status).toBe(200);
    expect(count, sql.join("\n")).toBeLessThanOrEqual(7);
  }
});

// 6: an unconfirmed commenter (as here) also takes a per-writer lock before its day is counted
// (issue 13 review finding 9); a confirmed one stays at 5.
test("a comment takes at most 6 statements", async () => {
  const id = await aPiece();
  let status = 0;
  const { count, sql } = await countStatements(t.deps.db, async () => {
    ({ status } = await t.json(`/api/community/pieces/${id}/comments`, { method: "POST", cookie: other.cookie, json: { content: "A fine piece." } }));
  });
  expect(status).toBe(201);
  expect(count, sql.join("\n")).toBeLessThanOrEqual(6);
});
