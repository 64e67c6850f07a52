import { describe, expect, it } from "vitest";
import { NOTIFICATION_MESSAGES, NOTIFICATIONS_PAGE_SIZE } from "#shared/schemas/notifications.ts";
import { notifications } from "#server/db/schema/index.ts";
import { createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import { admin, other, ownPrompt, t, useCommunityApp, writer } from "../community/test-helpers.ts";
import { unreadSince } from "./notifications.service.ts";
import { comment, inbox, unread } from "./test-helpers.ts";

/* The notification routes: only the owner, keyset paging, marking read (issue 14 item 6). */

useCommunityApp();

type Body = { unread: number; message: string; code: string };
const post = (path: string, user: TestUser | null) => t.json<Body>(path, { method: "POST", cookie: user?.cookie ?? null });

/** `n` notifications for `user`, some sharing one instant (the keyset's tie-break is the id). */
async function seed(user: TestUser, n: number) {
  const base = Date.parse("2030-05-01T12:00:00Z");
  const rows = Array.from({ length: n }, (_, i) => {
    const at = new Date(base + Math.floor(i / 3) * 1000);
    return { userId: user.id, kind: "moderation" as const, data: { kind: "moderation", action: "deleted", reason: null, piece: `Piece ${i}` }, createdAt: at, updatedAt: at };
  });
  await t.deps.db.insert(notifications).values(rows);
}

describe("/api/notifications", () => {
  it("asks a visitor to sign in on every route", async () => {
    for (const [method, path] of [
      ["GET", "/api/notifications"],
      ["GET", "/api/notifications/unread-count"],
      ["POST", "/api/notifications/read-all"],
      ["POST", "/api/notifications/00000000-0000-4000-8000-000000000000/read"],
    ] as const) {
      const res = await t.json<Body>(path, { method });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.message).toBe(NOTIFICATION_MESSAGES.loginRequired);
    }
  });

  it("shows each writer only their own; another writer and an admin cannot read or mark mine (404)", async () => {
    const owner = await createUser(t, { name: "Owner Writer" });
    const piece = await createSubmission(t, owner, { promptId: (await ownPrompt()).id, title: "Mine Only" });
    await comment(piece.id, other);
    const [mine] = (await inbox(owner)).items;
    expect(mine).toMatchObject({ kind: "comment", pieceId: piece.id, read: false });
    for (const u of [other, admin, writer]) {
      expect(JSON.stringify(await inbox(u))).not.toContain(mine!.id);
      const res = await post(`/api/notifications/${mine!.id}/read`, u);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(NOTIFICATION_MESSAGES.notFound);
      // Their read-all leaves mine unread.
      expect((await post("/api/notifications/read-all", u)).status).toBe(200);
    }
    expect(await unread(owner)).toBe(1);
    expect((await post(`/api/notifications/not-a-uuid/read`, owner)).status).toBe(404);

    const marked = await post(`/api/notifications/${mine!.id}/read`, owner);
    expect(marked.status).toBe(200);
    expect(marked.body.unread).toBe(0);
    // Again is fine.
    expect((await post(`/api/notifications/${mine!.id}/read`, owner)).body.unread).toBe(0);
    expect((await inbox(owner)).items[0]!.read).toBe(true);
  });

  it("pages newest first by keyset, every notification once, and refuses a crafted cursor", async () => {
    const u = await createUser(t, { name: "Busy Writer" });
    await seed(u, 45);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await inbox(u, cursor);
      expect(page.items.length).toBeLessThanOrEqual(NOTIFICATIONS_PAGE_SIZE);
      seen.push(...page.items.map((n) => n.message));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(45);
    // Newest first: piece 44's group (42-44) comes before piece 0's.
    expect(seen.slice(0, 3).sort()).toEqual(["'Piece 42' was deleted by a moderator", "'Piece 43' was deleted by a moderator", "'Piece 44' was deleted by a moderator"]);
    expect(seen.at(-1)).toMatch(/'Piece [012]'/);

    for (const bad of ["nope", Buffer.from(JSON.stringify(["2030-13-01 00:00:00+00", "x"])).toString("base64url")]) {
      const res = await t.json<Body>(`/api/notifications?cursor=${bad}`, { cookie: u.cookie });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(NOTIFICATION_MESSAGES.badCursor);
    }
  });

  it("marks all read at once and answers the new count; unreadSince lists what is still unread for the digest", async () => {
    const u = await createUser(t, { name: "Digest Writer" });
    await seed(u, 4);
    expect(await unread(u)).toBe(4);
    const since = await unreadSince(t.deps.db, u.id, new Date("2030-05-01T12:00:00.500Z"));
    expect(since.map((n) => n.message)).toEqual(["'Piece 3' was deleted by a moderator"]);
    const res = await post("/api/notifications/read-all", u);
    expect(res.status).toBe(200);
    expect(res.body.unread).toBe(0);
    expect(await unread(u)).toBe(0);
    expect((await inbox(u)).items.every((n) => n.read)).toBe(true);
    expect(await unreadSince(t.deps.db, u.id, new Date(0))).toEqual([]);
  });
});
