import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AuditAction } from "#shared/domain/moderation.ts";
import type { AuditPage } from "#shared/schemas/moderation.ts";
import { auditLog } from "#server/db/schema/index.ts";
import { createUser } from "#tests/factories.ts";
import { act, admin, author, bystander, newComment, newPiece, report, reporter, t, useModerationApp } from "./test-helpers.ts";

// Issue 13 item 4: every moderation action and every featuring is on the record, which no endpoint changes.
useModerationApp();

const audit = async (query = "") => {
  const res = await t.json<AuditPage>(`/api/admin/audit${query}`, { cookie: admin.cookie });
  expect(res.status).toBe(200);
  return res.body;
};

describe("GET /api/admin/audit", () => {
  it("records every action with who, what, which item, reason and when", async () => {
    const writer = await createUser(t, { name: "Audited Writer" });
    const piece = await newPiece({ by: writer, submissionType: "anonymous" });
    const commentId = await newComment(piece.id, writer);
    await report("piece", piece.id);
    await t.json("/api/admin/reports", { cookie: admin.cookie });
    await t.json(`/api/admin/submissions/${piece.id}/featured`, { method: "PUT", json: { isFeatured: true }, cookie: admin.cookie });
    await t.json(`/api/admin/submissions/${piece.id}/featured`, { method: "PUT", json: { isFeatured: false }, cookie: admin.cookie });
    await act("hide", "piece", piece.id, admin, "Off topic");
    await act("restore", "piece", piece.id);
    await act("dismiss", "piece", piece.id);
    await act("delete", "comment", commentId);
    await t.json(`/api/admin/users/${writer.id}/suspension`, { method: "PUT", json: { until: null, reason: "Repeated spam" }, cookie: admin.cookie });
    await t.json(`/api/admin/users/${writer.id}/suspension`, { method: "DELETE", cookie: admin.cookie });
    await t.json(`/api/admin/users/${writer.id}/hide-all`, { json: { reason: "Cleanup" }, cookie: admin.cookie });
    await act("delete", "piece", piece.id);

    const { entries } = await audit(`?writerId=${writer.id}`);
    const actions: AuditAction[] = ["view_identity", "feature", "unfeature", "hide", "restore", "dismiss", "delete", "suspend", "lift_suspension", "hide_all", "delete"];
    // Two actions may share a millisecond: the order is checked by the next test, the set here.
    expect(entries.map((e) => e.action).sort()).toEqual([...actions].sort());
    for (const e of entries) expect(e).toMatchObject({ admin: { id: admin.id, name: admin.name }, writer: { id: writer.id, name: "Audited Writer" } });
    expect(entries.find((e) => e.action === "hide")).toMatchObject({ itemKind: "piece", itemId: piece.id, reason: "Off topic" });
    expect(entries.find((e) => e.action === "suspend")?.reason).toBe("Indefinitely: Repeated spam");
    expect(entries.find((e) => e.action === "delete" && e.itemKind === "comment")?.itemId).toBe(commentId);
  });

  it("filters by admin, writer and action, and pages by keyset", async () => {
    const otherAdmin = await createUser(t, { name: "Second Admin", admin: true });
    const pieces = await Promise.all(Array.from({ length: 3 }, () => newPiece()));
    for (const p of pieces) {
      t.deps.testClock!.advance(1000);
      await act("dismiss", "piece", p.id, otherAdmin);
    }
    await act("dismiss", "piece", (await newPiece()).id, admin);
    const byOther = await audit(`?adminId=${otherAdmin.id}`);
    expect(byOther.entries.map((e) => e.itemId)).toEqual(pieces.map((p) => p.id).reverse());
    const dismissals = await audit(`?action=dismiss&adminId=${admin.id}`);
    expect(dismissals.entries.every((e) => e.action === "dismiss" && e.admin?.id === admin.id)).toBe(true);
    // Pages: more than one page of lines, none twice.
    for (let i = 0; i < 50; i++) await t.deps.db.insert(auditLog).values({ adminId: otherAdmin.id, action: "dismiss" });
    const first = await audit(`?adminId=${otherAdmin.id}`);
    expect(first.entries).toHaveLength(50);
    const second = await audit(`?adminId=${otherAdmin.id}&cursor=${first.nextCursor}`);
    expect(second.entries).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.entries, ...second.entries].map((e) => e.id)).size).toBe(53);
    t.deps.testClock!.reset();
    expect((await t.json(`/api/admin/audit?action=nothing`, { cookie: admin.cookie })).status).toBe(422);
    expect((await t.json(`/api/admin/audit?cursor=xyz`, { cookie: admin.cookie })).status).toBe(422);
  });

  it("is read-only: no endpoint writes or deletes it, and the database refuses UPDATE, DELETE and TRUNCATE", async () => {
    await act("dismiss", "piece", (await newPiece()).id);
    const before = (await audit()).entries;
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      for (const path of ["/api/admin/audit", `/api/admin/audit/${before[0]!.id}`]) {
        const res = await t.json(path, { method, json: method === "DELETE" ? undefined : { action: "hide" }, cookie: admin.cookie });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    await expect(t.deps.db.execute(sql`update audit_log set reason = 'changed'`)).rejects.toThrow();
    await expect(t.deps.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.deps.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await audit()).entries).toEqual(before);
  });

  it("a writer 403, a visitor 401", async () => {
    expect((await t.json("/api/admin/audit", { cookie: reporter.cookie })).status).toBe(403);
    expect((await t.json("/api/admin/audit", { cookie: bystander.cookie })).status).toBe(403);
    expect((await t.json("/api/admin/audit", { cookie: author.cookie })).status).toBe(403);
    expect((await t.json("/api/admin/audit")).status).toBe(401);
  });
});
