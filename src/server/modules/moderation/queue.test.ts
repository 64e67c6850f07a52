import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ReportQueuePage } from "#shared/schemas/moderation.ts";
import { auditLog, reports, submissionComments, submissions } from "#server/db/schema/index.ts";
import { act, admin, author, bystander, newComment, newPiece, report, reporter, t, useModerationApp } from "./test-helpers.ts";

// Issue 13 item 2: the admin queue and its actions.
useModerationApp();

const queue = async (cursor?: string) => {
  const res = await t.json<ReportQueuePage>(`/api/admin/reports${cursor ? `?cursor=${cursor}` : ""}`, { cookie: admin.cookie });
  expect(res.status).toBe(200);
  return res.body;
};
const openOf = (id: string) => t.deps.db.select().from(reports).where(and(eq(reports.itemId, id), eq(reports.status, "open")));

describe("GET /api/admin/reports", () => {
  it("groups open reports by item, newest report first, with count, reasons, notes, the text and the real author", async () => {
    const older = await newPiece({ submissionType: "anonymous" });
    const newer = await newPiece();
    await report("piece", older.id, reporter, "plagiarism", "Copied from a book");
    await report("piece", older.id, bystander, "spam");
    t.deps.testClock!.advance(1000);
    await report("piece", newer.id, reporter, "harassment");
    const page = await queue();
    const ids = page.items.map((i) => i.itemId);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const item = page.items.find((i) => i.itemId === older.id)!;
    expect(item).toMatchObject({ itemKind: "piece", count: 2, text: older.content, authorLabel: "Anonymous", hidden: null });
    expect(item.author).toEqual({ id: author.id, name: author.name, email: author.email });
    expect(item.reports.map((r) => r.reason).sort()).toEqual(["plagiarism", "spam"]);
    expect(item.reports.map((r) => r.note)).toContain("Copied from a book");
    // The sight of who wrote an anonymous piece is on the record, once per hour per admin.
    await queue();
    const sights = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, "view_identity"), eq(auditLog.itemId, older.id)));
    expect(sights).toHaveLength(1);
    expect(sights[0]).toMatchObject({ adminId: admin.id, subjectWriterId: author.id, itemKind: "piece" });
    // A name-signed piece reveals nothing: no line.
    expect(await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, "view_identity"), eq(auditLog.itemId, newer.id)))).toHaveLength(0);
    t.deps.testClock!.reset();
  });

  it("pages by keyset and rejects a crafted cursor with 422", async () => {
    const pieces = await Promise.all(Array.from({ length: 22 }, () => newPiece()));
    for (const p of pieces) await report("piece", p.id, bystander);
    const first = await queue();
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await queue(first.nextCursor!);
    const seen = [...first.items, ...second.items].map((i) => i.itemId);
    expect(new Set(seen).size).toBe(seen.length);
    for (const p of pieces) expect(seen).toContain(p.id);
    expect((await t.json(`/api/admin/reports?cursor=nope`, { cookie: admin.cookie })).status).toBe(422);
  });

  it("lists hidden items, most recently hidden first, so an admin can restore them after the reports are closed", async () => {
    const piece = await newPiece({ submissionType: "alias" });
    const commentId = await newComment(piece.id, bystander);
    await report("piece", piece.id);
    await act("hide", "piece", piece.id, admin, "Spam");
    t.deps.testClock!.advance(1000);
    await act("hide", "comment", commentId, admin, "Rude");
    const res = await t.json<ReportQueuePage>("/api/admin/reports?view=hidden", { cookie: admin.cookie });
    const ids = res.body.items.map((i) => i.itemId);
    expect(ids.slice(0, 2)).toEqual([commentId, piece.id]);
    expect(res.body.items[1]).toMatchObject({ authorLabel: "Quiet Fox", hidden: { reason: "Spam" }, author: { id: author.id } });
    await act("restore", "piece", piece.id);
    const after = await t.json<ReportQueuePage>("/api/admin/reports?view=hidden", { cookie: admin.cookie });
    expect(after.body.items.map((i) => i.itemId)).not.toContain(piece.id);
    t.deps.testClock!.reset();
  });

  it("counts open reports for the dashboard", async () => {
    const before = (await t.json<{ open: number }>("/api/admin/reports/count", { cookie: admin.cookie })).body.open;
    await report("piece", (await newPiece()).id);
    expect((await t.json<{ open: number }>("/api/admin/reports/count", { cookie: admin.cookie })).body.open).toBe(before + 1);
  });
});

describe("queue actions", () => {
  it("hide closes every open report of the item, keeps the piece for its writer, and restore brings it back", async () => {
    const piece = await newPiece();
    await report("piece", piece.id, reporter);
    await report("piece", piece.id, bystander, "other");
    const hidden = await act("hide", "piece", piece.id, admin, "Spam links");
    expect(hidden).toMatchObject({ status: 200, body: { outcome: "hidden", closedReports: 2 } });
    expect(await openOf(piece.id)).toHaveLength(0);
    const [row] = await t.deps.db.select().from(submissions).where(eq(submissions.id, piece.id));
    expect(row).toMatchObject({ hiddenReason: "Spam links", hiddenBy: admin.id });
    expect((await t.json(`/api/community/pieces/${piece.id}`, { cookie: reporter.cookie })).status).toBe(404);
    expect((await t.json(`/api/community/pieces/${piece.id}`, { cookie: author.cookie })).status).toBe(200);
    expect((await act("restore", "piece", piece.id)).body).toMatchObject({ outcome: "restored" });
    expect((await t.json(`/api/community/pieces/${piece.id}`, { cookie: reporter.cookie })).status).toBe(200);
  });

  it("hide needs a reason (422, nothing changed)", async () => {
    const piece = await newPiece();
    await report("piece", piece.id);
    const res = await act("hide", "piece", piece.id, admin, "  ");
    expect(res.status).toBe(422);
    expect(await openOf(piece.id)).toHaveLength(1);
  });

  it("dismiss closes the reports and leaves the item alone", async () => {
    const piece = await newPiece();
    await report("piece", piece.id);
    expect((await act("dismiss", "piece", piece.id)).body).toMatchObject({ outcome: "dismissed", closedReports: 1 });
    expect((await t.json(`/api/community/pieces/${piece.id}`)).status).toBe(200);
    const [closed] = await t.deps.db.select().from(reports).where(eq(reports.itemId, piece.id));
    expect(closed).toMatchObject({ status: "closed", outcome: "dismissed", closedBy: admin.id });
  });

  it("delete removes a piece or a comment (comment count follows) and closes the reports", async () => {
    const piece = await newPiece();
    await report("piece", piece.id);
    expect((await act("delete", "piece", piece.id)).body).toMatchObject({ outcome: "deleted", closedReports: 1 });
    expect(await t.deps.db.select().from(submissions).where(eq(submissions.id, piece.id))).toHaveLength(0);
    const other = await newPiece();
    const commentId = await newComment(other.id, bystander);
    await report("comment", commentId);
    expect((await act("delete", "comment", commentId)).status).toBe(200);
    expect(await t.deps.db.select().from(submissionComments).where(eq(submissionComments.id, commentId))).toHaveLength(0);
    const comments = await t.json<{ commentCount: number }>(`/api/community/pieces/${other.id}/comments`);
    expect(comments.body.commentCount).toBe(0);
  });

  it("answers 404 for a missing or private item and a malformed path", async () => {
    expect((await act("dismiss", "piece", "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await act("dismiss", "poem" as "piece", "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await act("hide", "piece", "not-a-uuid")).status).toBe(404);
  });

  it("every action: a writer 403, a visitor 401, nothing changed", async () => {
    const piece = await newPiece();
    await report("piece", piece.id);
    for (const action of ["hide", "restore", "dismiss", "delete"] as const) {
      expect((await act(action, "piece", piece.id, reporter)).status, action).toBe(403);
      expect((await act(action, "piece", piece.id, author)).status, action).toBe(403);
      expect((await act(action, "piece", piece.id, null)).status, action).toBe(401);
    }
    expect(await openOf(piece.id)).toHaveLength(1);
  });
});
