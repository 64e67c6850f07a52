import { describe, expect, it } from "vitest";
import type { AuditPage } from "#shared/schemas/moderation.ts";
import type { PromptHistory } from "#shared/schemas/community.ts";
import { act, admin, author, newComment, newPiece, report, t, useModerationApp } from "./test-helpers.ts";

/*
 * Items deleted outside the queue (by their writer, or by an admin from the page) take their open
 * reports with them, and an admin's delete is on the record; a hidden piece is not counted as a
 * public response in the prompt filter.
 */

useModerationApp();

const openCount = async () => (await t.json<{ open: number }>("/api/admin/reports/count", { cookie: admin.cookie })).body.open;

describe("deleting a reported item outside the queue", () => {
  it("its writer deletes a reported piece: the open count drops and nothing is left to act on", async () => {
    const piece = await newPiece();
    const before = await openCount();
    expect((await report("piece", piece.id)).status).toBe(201);
    expect(await openCount()).toBe(before + 1);
    expect((await t.request(`/api/submissions/${piece.id}`, { method: "DELETE", cookie: author.cookie })).status).toBe(200);
    expect(await openCount()).toBe(before);
  });

  it("a piece deleted with a reported comment on it closes the comment's report too", async () => {
    const piece = await newPiece();
    const comment = await newComment(piece.id);
    const before = await openCount();
    expect((await report("comment", comment)).status).toBe(201);
    expect(await openCount()).toBe(before + 1);
    expect((await t.request(`/api/submissions/${piece.id}`, { method: "DELETE", cookie: author.cookie })).status).toBe(200);
    expect(await openCount()).toBe(before);
  });

  it("its writer deletes a reported comment: the open count drops", async () => {
    const piece = await newPiece();
    const comment = await newComment(piece.id);
    const before = await openCount();
    expect((await report("comment", comment)).status).toBe(201);
    expect((await t.request(`/api/community/comments/${comment}`, { method: "DELETE", cookie: author.cookie })).status).toBe(200);
    expect(await openCount()).toBe(before);
  });

  it("an admin deleting someone's piece or comment from the page is in the audit log; a writer deleting their own is not", async () => {
    const audited = async () => (await t.json<AuditPage>("/api/admin/audit?action=delete", { cookie: admin.cookie })).body.entries.map((e) => e.itemId);
    const [byAdmin, byWriter] = [await newPiece(), await newPiece()];
    const comment = await newComment(byWriter.id);
    expect((await t.request(`/api/community/comments/${comment}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
    expect((await t.request(`/api/submissions/${byAdmin.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
    expect((await t.request(`/api/submissions/${byWriter.id}`, { method: "DELETE", cookie: author.cookie })).status).toBe(200);
    const ids = await audited();
    expect(ids).toEqual(expect.arrayContaining([byAdmin.id, comment]));
    expect(ids).not.toContain(byWriter.id);
  });
});

describe("the prompt filter and hidden pieces", () => {
  it("a hidden piece is not a public response of its prompt", async () => {
    const piece = await newPiece();
    const countOf = async () => (await t.json<PromptHistory>("/api/community/prompts")).body.prompts.find((p) => p.id === piece.promptId)?.responseCount ?? 0;
    expect(await countOf()).toBe(1);
    expect((await report("piece", piece.id)).status).toBe(201);
    expect((await act("hide", "piece", piece.id)).status).toBe(200);
    expect(await countOf()).toBe(0);
  });
});
