import { describe, expect, it } from "vitest";
import { suspensionMessage } from "#shared/domain/moderation.ts";
import type { MySuspension, SuspensionState } from "#shared/schemas/moderation.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { submit } from "../writing/test-helpers.ts";
import { act, admin, author, newComment, newPiece, reporter, t, useModerationApp, type Body } from "./test-helpers.ts";

// Issue 13 item 3: suspensions, enforced on every public write; private saving stays open.
useModerationApp();

const suspendUser = (user: TestUser, until: string | null, reason = "Spamming the feed", cookie = admin.cookie) =>
  t.json<SuspensionState & Body>(`/api/admin/users/${user.id}/suspension`, { method: "PUT", json: { until, reason }, cookie });
const lift = (user: TestUser, cookie = admin.cookie) => t.json<SuspensionState & Body>(`/api/admin/users/${user.id}/suspension`, { method: "DELETE", cookie });
const inDays = (d: number) => new Date(t.deps.clock.now().getTime() + d * 24 * 60 * 60 * 1000).toISOString();

/** Every public write of `user`: publish, comment, like, report. */
async function publicWrites(user: TestUser) {
  const piece = await newPiece();
  const commentId = await newComment(piece.id, author);
  return {
    publish: await submit<Body>(t, user, { action: "publish" }),
    comment: await t.json<Body>(`/api/community/pieces/${piece.id}/comments`, { json: { content: "Hi" }, cookie: user.cookie }),
    like: await t.json<Body>(`/api/community/pieces/${piece.id}/like`, { method: "PUT", cookie: user.cookie }),
    report: await t.json<Body>("/api/reports", { json: { itemKind: "comment", itemId: commentId, reason: "spam" }, cookie: user.cookie }),
  };
}

describe("a suspended writer", () => {
  it("cannot publish, comment, like or report until the date, with the reason; saving privately still works", async () => {
    const writer = await createUser(t, { name: "Soon Suspended" });
    const until = inDays(7);
    const res = await suspendUser(writer, until);
    expect(res.status).toBe(200);
    expect(res.body.suspension).toMatchObject({ until, reason: "Spamming the feed" });
    const message = suspensionMessage({ until, reason: "Spamming the feed" });
    expect(message).toMatch(/^Your account can't publish until \w+ \d+, \d{4}: Spamming the feed$/);
    for (const [what, r] of Object.entries(await publicWrites(writer))) {
      expect(r.status, what).toBe(403);
      expect(r.body, what).toMatchObject({ code: "suspended", message });
    }
    const saved = await submit<Body>(t, writer, { action: "save" });
    expect(saved.status).toBe(201);
    const own = await t.json<MySuspension>("/api/me/suspension", { cookie: writer.cookie });
    expect(own.body.suspension?.message).toBe(message);
  });

  it("is told plainly when the suspension has no end, and can act again once it is lifted early", async () => {
    const writer = await createUser(t, { name: "Indefinite" });
    await suspendUser(writer, null, "Harassment");
    const { publish } = await publicWrites(writer);
    expect(publish.body.message).toBe("Your account can't publish until an admin lifts the suspension: Harassment");
    expect((await lift(writer)).body.suspension).toBeNull();
    for (const [what, r] of Object.entries(await publicWrites(writer))) expect(r.status, what).toBeLessThan(300);
    expect((await t.json<MySuspension>("/api/me/suspension", { cookie: writer.cookie })).body.suspension).toBeNull();
  });

  it("can act again once the date has passed", async () => {
    const writer = await createUser(t, { name: "Short Break" });
    await suspendUser(writer, inDays(1));
    t.deps.testClock!.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await submit<Body>(t, writer, { action: "publish" })).status).toBe(201);
    t.deps.testClock!.reset();
  });

  it("refuses a date in the past or no reason (422), an unknown writer (404)", async () => {
    const writer = await createUser(t, { name: "Not Suspended" });
    expect((await suspendUser(writer, inDays(-1))).status).toBe(422);
    expect((await suspendUser(writer, inDays(1), " ")).status).toBe(422);
    expect((await t.json(`/api/admin/users/00000000-0000-4000-8000-000000000000/suspension`, { method: "PUT", json: { until: null, reason: "x" }, cookie: admin.cookie })).status).toBe(404);
    expect((await t.json<SuspensionState>(`/api/admin/users/${writer.id}/suspension`, { cookie: admin.cookie })).body.suspension).toBeNull();
  });

  it("suspend, lift, read and hide-all: a writer 403, a visitor 401", async () => {
    const writer = await createUser(t, { name: "Target" });
    for (const cookie of [reporter.cookie, null]) {
      const status = cookie ? 403 : 401;
      expect((await suspendUser(writer, null, "x", cookie as string)).status).toBe(status);
      expect((await lift(writer, cookie as string)).status).toBe(status);
      expect((await t.json(`/api/admin/users/${writer.id}/suspension`, { cookie })).status).toBe(status);
      expect((await t.json(`/api/admin/users/${writer.id}/hide-all`, { json: { reason: "x" }, cookie })).status).toBe(status);
    }
    expect((await t.json<SuspensionState>(`/api/admin/users/${writer.id}/suspension`, { cookie: admin.cookie })).body.suspension).toBeNull();
  });
});

describe("POST /api/admin/users/:id/hide-all", () => {
  it("hides every public piece of the writer, separately from suspending them", async () => {
    const writer = await createUser(t, { name: "Prolific Spammer" });
    const pieces = await Promise.all([newPiece({ by: writer }), newPiece({ by: writer })]);
    const res = await t.json<{ hidden: number }>(`/api/admin/users/${writer.id}/hide-all`, { json: { reason: "Spam" }, cookie: admin.cookie });
    expect(res).toMatchObject({ status: 200, body: { hidden: 2 } });
    for (const p of pieces) expect((await t.json(`/api/community/pieces/${p.id}`)).status).toBe(404);
    // Restoring one by one works.
    expect((await act("restore", "piece", pieces[0]!.id)).status).toBe(200);
    expect((await t.json(`/api/community/pieces/${pieces[0]!.id}`)).status).toBe(200);
  });
});
