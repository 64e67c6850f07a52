import { describe, expect, it } from "vitest";
import { createSubmission, type TestUser } from "#tests/factories.ts";
import type { PieceResponse } from "#shared/schemas/portfolio.ts";
import { DAY_MS, admin, other, owner, piece, share, t, usePortfolioApp } from "./test-helpers.ts";

usePortfolioApp();

/** Nothing in a response may name the writer of an alias-signed or anonymous piece. */
function expectNoIdentity(body: unknown, who: TestUser) {
  const text = JSON.stringify(body);
  expect(text).not.toContain(who.id);
  expect(text).not.toContain(who.email);
  expect(text).not.toContain(who.name);
  expect(text).not.toContain("Olive");
}


describe("GET /api/submissions/:id", () => {
  it("lets everyone read a public piece, and marks only the owner as owner", async () => {
    const p = await createSubmission(t, owner, { title: "Open window", content: "Light on the *sill*." });
    for (const cookie of [null, other.cookie, admin.cookie]) {
      const res = await piece(p.id, cookie);
      expect(res.status).toBe(200);
      expect(res.body.submission).toMatchObject({ id: p.id, title: "Open window", content: "Light on the *sill*.", isOwner: false, authorLabel: "Olive Owner" });
      expect(res.body.submission).not.toHaveProperty("privateContent");
      expect(res.body.submission).not.toHaveProperty("userId");
    }
    const mine = await piece(p.id, owner.cookie);
    expect(mine.body.submission).toMatchObject({ isOwner: true, edited: false, privateContent: null });
  });

  it("answers 404 for a private piece to a visitor, another writer and an admin, exactly as for a missing one", async () => {
    const p = await createSubmission(t, owner, { isPrivate: true, title: "Diary", content: "Only mine" });
    const missing = await piece("00000000-0000-4000-8000-000000000000", other.cookie);
    expect(missing.status).toBe(404);
    for (const cookie of [null, other.cookie, admin.cookie]) {
      const res = await piece(p.id, cookie);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
      expect(JSON.stringify(res.body)).not.toContain("Only mine");
    }
    const mine = await piece(p.id, owner.cookie);
    expect(mine.status).toBe(200);
    expect(mine.body.submission).toMatchObject({ content: "Only mine", isPrivate: true, isOwner: true });
  });

  it("answers 404 for an id that is not a uuid", async () => {
    expect((await piece("not-a-uuid")).status).toBe(404);
    expect((await piece("1' or '1'='1")).status).toBe(404);
  });

  it("opens a private piece with a valid share token for that piece only, until it expires", async () => {
    const p = await createSubmission(t, owner, { isPrivate: true, content: "Shared secret text" });
    const q = await createSubmission(t, owner, { isPrivate: true, content: "Another private piece" });
    const link = await share(p.id);
    const linkQ = await share(q.id);

    const visitor = await piece(p.id, null, link.token);
    expect(visitor.status).toBe(200);
    expect(visitor.body.submission).toMatchObject({ content: "Shared secret text", isOwner: false });
    expect(visitor.body.submission).not.toHaveProperty("privateContent");
    expect((await piece(p.id, other.cookie, link.token)).status).toBe(200);

    // Another piece's token opens nothing here.
    expect((await piece(p.id, null, linkQ.token)).status).toBe(404);
    expect((await piece(p.id, other.cookie, linkQ.token)).status).toBe(404);
    // Garbage tokens are ignored.
    expect((await piece(p.id, null, "not%20a%20token")).status).toBe(404);

    t.deps.testClock!.advance(DAY_MS - 60_000);
    expect((await piece(p.id, null, link.token)).status).toBe(200);
    t.deps.testClock!.advance(60_000);
    expect((await piece(p.id, null, link.token)).status).toBe(404);
    expect((await piece(p.id, owner.cookie)).status).toBe(200);
  });

  it("shows a shared private piece in the writer's current (edited) version", async () => {
    const p = await createSubmission(t, owner, { isPrivate: true, title: "Draft", content: "first go" });
    await t.json(`/api/submissions/${p.id}/private`, { method: "PATCH", json: { title: "Final", content: "second, better go" }, cookie: owner.cookie });
    const link = await share(p.id);
    const res = await piece(p.id, null, link.token);
    expect(res.body.submission).toMatchObject({ title: "Final", content: "second, better go", wordCount: 3 });
  });

  it("never reveals the writer's name, email or id on alias-signed and anonymous pieces", async () => {
    const aliased = await createSubmission(t, owner, { submissionType: "alias", content: "Signed with a pen name" });
    const anonymous = await createSubmission(t, owner, { submissionType: "anonymous", content: "Signed by nobody" });
    for (const cookie of [null, other.cookie, admin.cookie]) {
      const a = await piece(aliased.id, cookie);
      expect(a.body.submission.authorLabel).toBe("Quill Feather");
      expectNoIdentity(a.body, owner);
      const b = await piece(anonymous.id, cookie);
      expect(b.body.submission.authorLabel).toBe("Anonymous");
      expectNoIdentity(b.body, owner);
    }
  });

  it("shows others the community copy of a published piece the writer edited privately", async () => {
    const p = await createSubmission(t, owner, { title: "Public title", content: "public words here" });
    const edit = await t.json<PieceResponse>(`/api/submissions/${p.id}/private`, { method: "PATCH", json: { title: "Private title", content: "my private rewrite" }, cookie: owner.cookie });
    expect(edit.status).toBe(200);
    expect(edit.body.submission).toMatchObject({ privateTitle: "Private title", privateContent: "my private rewrite", privateWordCount: 3, edited: true, privateDiffers: true });
    for (const cookie of [null, other.cookie, admin.cookie]) {
      const res = await piece(p.id, cookie);
      expect(res.body.submission).toMatchObject({ title: "Public title", content: "public words here" });
      expect(JSON.stringify(res.body)).not.toContain("private rewrite");
      expect(JSON.stringify(res.body)).not.toContain("Private title");
    }
  });
});
