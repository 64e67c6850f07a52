import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PIECE_CONTROL_MESSAGES } from "#shared/schemas/piece-controls.ts";
import { submissions } from "#server/db/schema/index.ts";
import { createUser } from "#tests/factories.ts";
import { piecesOf, submit, t, useWritingApp, type ErrorBody } from "./test-helpers.ts";

/* A content warning chosen at publish (issue 13 item 6). */

useWritingApp();

describe("POST /api/submissions with a content warning", () => {
  it("keeps the warning, trimmed, and shows it on the community piece", async () => {
    const u = await createUser(t);
    const res = await submit<{ submission: { id: string } }>(t, u, { action: "publish", contentWarning: "  loss of a parent " });
    expect(res.status).toBe(201);
    const [row] = await t.deps.db.select({ w: submissions.contentWarning }).from(submissions).where(eq(submissions.id, res.body.submission.id));
    expect(row!.w).toBe("loss of a parent");
    const piece = await t.json<{ piece: { contentWarning: string | null } }>(`/api/community/pieces/${res.body.submission.id}`);
    expect(piece.body.piece.contentWarning).toBe("loss of a parent");
  });

  it("stores no warning when it is blank, and refuses one over 80 characters without storing the piece", async () => {
    const u = await createUser(t);
    const blank = await submit<{ submission: { id: string } }>(t, u, { action: "publish", contentWarning: "   " });
    const [row] = await t.deps.db.select({ w: submissions.contentWarning }).from(submissions).where(eq(submissions.id, blank.body.submission.id));
    expect(row!.w).toBeNull();
    const before = await piecesOf(u.id);
    const long = await submit<ErrorBody>(t, u, { action: "publish", contentWarning: "y".repeat(81) });
    expect(long.status).toBe(422);
    expect(long.body.message).toBe(PIECE_CONTROL_MESSAGES.warningTooLong);
    expect(await piecesOf(u.id)).toBe(before);
  });
});
