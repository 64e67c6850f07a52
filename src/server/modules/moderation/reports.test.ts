import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { REPORT_NOTE_MAX, REPORT_REASONS } from "#shared/domain/moderation.ts";
import { MODERATION_MESSAGES } from "#shared/schemas/moderation.ts";
import { reports } from "#server/db/schema/index.ts";
import { createSubmission } from "#tests/factories.ts";
import { act, author, bystander, newComment, newPiece, report, reporter, t, useModerationApp } from "./test-helpers.ts";

// Issue 13 item 1: POST /api/reports.
useModerationApp();

describe("POST /api/reports", () => {
  it("takes every reason, with or without a note, and thanks the reporter", async () => {
    for (const reason of REPORT_REASONS) {
      const piece = await newPiece();
      const res = await report("piece", piece.id, reporter, reason, reason === "other" ? "Copied from a book" : undefined);
      expect(res.status, reason).toBe(201);
      expect(res.body.message).toBe("Thanks — an admin will look at this.");
      const [row] = await t.deps.db.select().from(reports).where(eq(reports.itemId, piece.id));
      expect(row).toMatchObject({ reason, status: "open", reporterId: reporter.id, note: reason === "other" ? "Copied from a book" : null });
    }
  });

  it("reports a comment", async () => {
    const piece = await newPiece();
    const commentId = await newComment(piece.id, bystander);
    expect((await report("comment", commentId)).status).toBe(201);
  });

  it("says 'You already reported this' to a second report while the first is open, and takes it again once closed", async () => {
    const piece = await newPiece();
    expect((await report("piece", piece.id)).status).toBe(201);
    const again = await report("piece", piece.id, reporter, "other");
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "already_reported", message: "You already reported this" });
    // Another writer may report the same item.
    expect((await report("piece", piece.id, bystander)).status).toBe(201);
    expect((await act("dismiss", "piece", piece.id)).status).toBe(200);
    expect((await report("piece", piece.id)).status).toBe(201);
  });

  it("refuses a report of one's own piece or comment", async () => {
    const piece = await newPiece();
    const own = await report("piece", piece.id, author);
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ code: "own_content", message: MODERATION_MESSAGES.ownContent });
    const commentId = await newComment(piece.id, reporter);
    expect((await report("comment", commentId, reporter)).status).toBe(403);
  });

  it("asks a visitor to sign in (401), before looking at the body", async () => {
    const piece = await newPiece();
    const res = await report("piece", piece.id, null);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MODERATION_MESSAGES.loginToReport);
    expect((await t.json("/api/reports", { json: { nonsense: true } })).status).toBe(401);
  });

  it("refuses private, hidden and missing items alike (404), and bad input with a clear 422", async () => {
    const privatePiece = await createSubmission(t, bystander, { isPrivate: true });
    expect((await report("piece", privatePiece.id)).status).toBe(404);
    const hidden = await newPiece();
    expect((await act("hide", "piece", hidden.id)).status).toBe(200);
    expect((await report("piece", hidden.id)).body).toMatchObject({ code: "item_not_found" });
    expect((await report("comment", "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const piece = await newPiece();
    const long = await report("piece", piece.id, reporter, "other", "x".repeat(REPORT_NOTE_MAX + 1));
    expect(long.status).toBe(422);
    expect(long.body.message).toBe(MODERATION_MESSAGES.noteTooLong);
    const noReason = await t.json<{ message: string }>("/api/reports", { json: { itemKind: "piece", itemId: piece.id }, cookie: reporter.cookie });
    expect(noReason.status).toBe(422);
    expect(noReason.body.message).toBe(MODERATION_MESSAGES.reasonRequired);
    expect(await t.deps.db.select().from(reports).where(eq(reports.itemId, piece.id))).toHaveLength(0);
  });
});
