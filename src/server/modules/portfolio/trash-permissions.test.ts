import { describe, expect, it } from "vitest";
import type { RestoreResponse, TrashPage } from "#shared/schemas/trash.ts";
import { TRASH_MESSAGES } from "#shared/schemas/trash.ts";
import { createSubmission } from "#tests/factories.ts";
import { admin, other, owner, piece, t, usePortfolioApp, type ErrorBody } from "./test-helpers.ts";

/*
 * Who may do what with a trashed piece (issue 15 item 3): only its writer lists, restores and
 * deletes it for good; anyone else finds nothing (404), admins included on the writer's routes.
 * A piece an admin removed comes back PRIVATE when its writer restores it (moderation is not
 * undone by the writer alone); an admin's restore brings it back as it was.
 */

usePortfolioApp();

async function trashed(by = owner.cookie) {
  const p = await createSubmission(t, owner, { title: "Binned" });
  expect((await t.request(`/api/submissions/${p.id}`, { method: "DELETE", cookie: by })).status).toBe(200);
  return p;
}
const call = (method: string, path: string, cookie: string | null) => t.json<ErrorBody & TrashPage & RestoreResponse>(path, { method, cookie });

describe("the writer's trash routes", () => {
  const routes = [
    { method: "GET", path: () => "/api/me/trash" },
    { method: "POST", path: (id: string) => `/api/me/trash/${id}/restore` },
    { method: "DELETE", path: (id: string) => `/api/me/trash/${id}` },
  ];
  for (const r of routes) {
    it(`${r.method} ${r.path(":id")}: visitor 401, another writer and an admin find nothing, the writer 200`, async () => {
      const p = await trashed();
      const visitor = await call(r.method, r.path(p.id), null);
      expect(visitor.status).toBe(401);
      expect(visitor.body.message).toBe(TRASH_MESSAGES.loginToSeeTrash);
      for (const cookie of [other.cookie, admin.cookie]) {
        const res = await call(r.method, r.path(p.id), cookie);
        if (r.method === "GET") expect(res.body.items.map((i) => i.id)).not.toContain(p.id);
        else expect(res.status, `as ${cookie === admin.cookie ? "admin" : "other"}`).toBe(404);
      }
      expect((await call(r.method, r.path(p.id), owner.cookie)).status).toBe(200);
    });
  }

  it("a malformed or unknown id is a 404 with the trash's message, never a 500", async () => {
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const res = await call("POST", `/api/me/trash/${id}/restore`, owner.cookie);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(TRASH_MESSAGES.notFound);
    }
  });
});

describe("a piece an admin removed", () => {
  it("is in its writer's trash with the admin's note, never the admin's name", async () => {
    const p = await createSubmission(t, owner, { title: "Reported" });
    expect((await t.request(`/api/admin/moderation/piece/${p.id}/hide`, { json: { reason: "Spam links" }, cookie: admin.cookie })).status).toBe(200);
    expect((await t.request(`/api/admin/moderation/piece/${p.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
    const page = await t.json<TrashPage>("/api/me/trash", { cookie: owner.cookie });
    const item = page.body.items.find((i) => i.id === p.id);
    expect(item).toMatchObject({ removedByAdmin: true, note: "Spam links" });
    expect(JSON.stringify(item)).not.toContain("Ada");
  });

  it("comes back private when its writer restores it; an admin restores it as it was", async () => {
    const byWriter = await trashed(admin.cookie);
    const restored = await call("POST", `/api/me/trash/${byWriter.id}/restore`, owner.cookie);
    expect(restored.body).toMatchObject({ id: byWriter.id, isPrivate: true });
    expect((await piece(byWriter.id)).status).toBe(404);
    expect((await piece(byWriter.id, owner.cookie)).body.submission).toMatchObject({ id: byWriter.id, isPrivate: true });

    const byAdmin = await trashed(admin.cookie);
    expect((await call("POST", `/api/admin/trash/${byAdmin.id}/restore`, other.cookie)).status).toBe(403);
    const asItWas = await call("POST", `/api/admin/trash/${byAdmin.id}/restore`, admin.cookie);
    expect(asItWas.body).toMatchObject({ id: byAdmin.id, isPrivate: false });
    expect((await piece(byAdmin.id)).status).toBe(200);
  });

  it("an admin's restore is on the record; a piece no longer in the trash is a 404 that says so", async () => {
    const p = await trashed(admin.cookie);
    expect((await call("POST", `/api/admin/trash/${p.id}/restore`, admin.cookie)).status).toBe(200);
    const audit = await t.json<{ entries: { action: string; itemId: string | null }[] }>("/api/admin/audit?action=restore", { cookie: admin.cookie });
    expect(audit.body.entries.map((e) => e.itemId)).toContain(p.id);
    const again = await call("POST", `/api/admin/trash/${p.id}/restore`, admin.cookie);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(TRASH_MESSAGES.notInWritersTrash);
  });

  it("a writer's own deleted piece comes back public as it was", async () => {
    const p = await trashed();
    expect((await call("POST", `/api/me/trash/${p.id}/restore`, owner.cookie)).body).toMatchObject({ isPrivate: false });
    expect((await piece(p.id)).status).toBe(200);
  });

  it("an admin cannot bring back a piece its writer deleted: only what an admin removed", async () => {
    const p = await trashed();
    const res = await call("POST", `/api/admin/trash/${p.id}/restore`, admin.cookie);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(TRASH_MESSAGES.notInWritersTrash);
    expect((await piece(p.id)).status).toBe(404);
    expect((await t.json<TrashPage>("/api/me/trash", { cookie: owner.cookie })).body.items.map((i) => i.id)).toContain(p.id);
  });

  it("a reported piece its writer deletes and restores comes back with its reports open again", async () => {
    const p = await createSubmission(t, owner, { title: "Reported, then binned" });
    expect((await t.request("/api/reports", { json: { itemKind: "piece", itemId: p.id, reason: "spam" }, cookie: other.cookie })).status).toBe(201);
    const openIds = async () => (await t.json<{ items: { itemId: string }[] }>("/api/admin/reports", { cookie: admin.cookie })).body.items.map((r) => r.itemId);
    expect(await openIds()).toContain(p.id);
    expect((await t.request(`/api/submissions/${p.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
    expect(await openIds()).not.toContain(p.id);
    expect((await call("POST", `/api/me/trash/${p.id}/restore`, owner.cookie)).status).toBe(200);
    expect(await openIds()).toContain(p.id);
  });

  it("a reported comment on a piece deleted and restored by its writer is open again too", async () => {
    const p = await createSubmission(t, owner, { title: "A comment reported, then binned" });
    const posted = await t.json<{ comment: { id: string } }>(`/api/community/pieces/${p.id}/comments`, { json: { content: "Rude words" }, cookie: owner.cookie });
    expect((await t.request("/api/reports", { json: { itemKind: "comment", itemId: posted.body.comment.id, reason: "harassment" }, cookie: other.cookie })).status).toBe(201);
    const openIds = async () => (await t.json<{ items: { itemId: string }[] }>("/api/admin/reports", { cookie: admin.cookie })).body.items.map((r) => r.itemId);
    expect(await openIds()).toContain(posted.body.comment.id);
    expect((await t.request(`/api/submissions/${p.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
    expect(await openIds()).not.toContain(posted.body.comment.id);
    expect((await call("POST", `/api/me/trash/${p.id}/restore`, owner.cookie)).status).toBe(200);
    expect(await openIds()).toContain(posted.body.comment.id);
  });
});
