import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DevicesResponse } from "#shared/schemas/account.ts";
import { cookieFrom, createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import { countStatements } from "#tests/setup/statements.ts";
import type { Database } from "../db/client.ts";
import { SessionCache, type VerifiedSession } from "./session-cache.ts";

/*
 * Issue 28 item 2: a signed-in reader's session is verified once and kept a short while
 * (http/session-cache.ts), and every way a session ends, or its writer changes, is seen at the
 * next request. Two instances: session-cache.instances.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Me = { user: { id: string; fullName: string; timeZone: string } | null };
const me = async (cookie: string) => (await t.json<Me>("/api/me", { cookie })).body.user;
/** A read that warms the cache, then a check that it is signed in. */
async function signedInReads(w: TestUser | string) {
  const cookie = typeof w === "string" ? w : w.cookie;
  expect(await me(cookie)).not.toBeNull();
  expect(await me(cookie)).not.toBeNull();
}
async function signInAgain(w: TestUser): Promise<string> {
  const res = await t.request("/api/auth/sign-in/email", { json: { email: w.email, password: w.password } });
  expect(res.status).toBe(200);
  return cookieFrom(res);
}

describe("a signed-in reader's session", () => {
  it("is looked up in the database once, not on every read", async () => {
    const writer = await createUser(t);
    await me(writer.cookie);
    const { sql } = await countStatements(t.deps.db, () => me(writer.cookie));
    expect(sql.filter((s) => /"session"/.test(s))).toEqual([]);
  });

  it("is still looked up on every write: its row and its writer's, read afresh in one statement", async () => {
    const writer = await createUser(t);
    const piece = await createSubmission(t, await createUser(t));
    await me(writer.cookie);
    const { sql } = await countStatements(t.deps.db, () => t.request(`/api/community/pieces/${piece.id}/like`, { method: "PUT", cookie: writer.cookie }));
    expect(sql.filter((s) => /"session"/.test(s))).toHaveLength(1);
    expect(sql.filter((s) => /"session"/.test(s) && /"users"/.test(s))).toHaveLength(1);
  });
});

/*
 * A write never trusts the cache's copy of a session (issue 28 item 6): here the cache is kept
 * stale on purpose (its drops silenced, as when another instance's notice has not arrived yet),
 * so only the write's own reading of the rows can refuse it.
 */
describe("a write whose session the cache still holds", () => {
  async function withStaleCache(run: () => Promise<void>) {
    const drop = vi.spyOn(t.deps.sessions, "drop").mockImplementation(() => undefined);
    const changed = vi.spyOn(t.deps.sessions, "changed").mockImplementation(() => undefined);
    try {
      await run();
    } finally {
      drop.mockRestore();
      changed.mockRestore();
    }
  }
  const like = (pieceId: string, cookie: string) => t.request(`/api/community/pieces/${pieceId}/like`, { method: "PUT", cookie });

  it.each([
    ["row is gone", (id: string) => sql`delete from session where user_id = ${id}::uuid`],
    ["has expired", (id: string) => sql`update session set expires_at = now() - interval '1 minute' where user_id = ${id}::uuid`],
  ])("is signed out once its session %s", async (_, change) => {
    const writer = await createUser(t);
    const piece = await createSubmission(t, await createUser(t));
    await signedInReads(writer);
    await withStaleCache(async () => {
      await t.deps.db.execute(change(writer.id));
      expect(await me(writer.cookie)).not.toBeNull(); // the stale copy a read may still use
      expect((await like(piece.id, writer.cookie)).status).toBe(401);
    });
  });

  it("is refused once its writer is suspended, and allowed again once lifted", async () => {
    const writer = await createUser(t);
    const piece = await createSubmission(t, await createUser(t));
    await signedInReads(writer);
    await withStaleCache(async () => {
      await t.deps.db.execute(sql`update users set suspended_at = now(), suspension_reason = 'Spam' where id = ${writer.id}::uuid`);
      expect((await like(piece.id, writer.cookie)).status).toBe(403);
      await t.deps.db.execute(sql`update users set suspended_at = null, suspension_reason = null where id = ${writer.id}::uuid`);
      expect((await like(piece.id, writer.cookie)).status).toBe(200);
    });
  });

});

describe("a cached session ends at once", () => {
  it("when its writer signs out", async () => {
    const writer = await createUser(t);
    await signedInReads(writer);
    expect((await t.request("/api/auth/sign-out", { json: {}, cookie: writer.cookie })).status).toBe(200);
    expect(await me(writer.cookie)).toBeNull();
  });

  it("when its writer signs that device out from another, or signs out every other device", async () => {
    const writer = await createUser(t);
    const [laptop, phone] = [await signInAgain(writer), await signInAgain(writer)];
    await signedInReads(laptop);
    await signedInReads(phone);
    const { body } = await t.json<DevicesResponse>("/api/me/sessions", { cookie: writer.cookie });
    const ids = body.devices.filter((d) => !d.current).map((d) => d.id);
    expect((await t.request(`/api/me/sessions/${ids[0]}`, { method: "DELETE", cookie: writer.cookie })).status).toBe(200);
    const stillIn = [await me(laptop), await me(phone)].filter((u) => u !== null);
    expect(stillIn).toHaveLength(1);
    expect((await t.request("/api/me/sessions/sign-out-others", { method: "POST", cookie: writer.cookie })).status).toBe(200);
    expect([await me(laptop), await me(phone)]).toEqual([null, null]);
    expect(await me(writer.cookie)).not.toBeNull();
  });

  /** A second device reads (its session cached); the writer posts `json` to `path` from the first; the second is signed out. */
  async function endsTheOtherDevice(path: string, json: (w: TestUser) => object) {
    const writer = await createUser(t);
    const other = await signInAgain(writer);
    await signedInReads(other);
    expect((await t.request(path, { json: json(writer), cookie: writer.cookie })).status).toBe(200);
    expect(await me(other)).toBeNull();
  }

  it("on every other device when its writer changes their password", () =>
    endsTheOtherDevice("/api/me/password", (w) => ({ currentPassword: w.password, newPassword: "a different quiet room entirely" })));

  it("when its writer deletes their account", () => endsTheOtherDevice("/api/me/account/delete", (w) => ({ password: w.password, publicPieces: "delete" })));
});

describe("a cached session ends whoever changes it in the database", () => {
  // An operator's SQL, a cascade, code that forgot to say so: the database's triggers tell every
  // instance when the change commits (migration 0020). The notice arrives after the commit.
  const signedOut = (cookie: string) => vi.waitFor(async () => expect(await me(cookie)).toBeNull(), { timeout: 10_000, interval: 50 });

  it("when its session row is deleted", async () => {
    const writer = await createUser(t);
    await signedInReads(writer);
    await t.deps.db.execute(sql`delete from session where user_id = ${writer.id}::uuid`);
    await signedOut(writer.cookie);
  });
});

describe("a cached session's writer", () => {
  it("is refused a public write the moment an admin suspends them", async () => {
    const [writer, admin] = [await createUser(t), await createUser(t, { admin: true })];
    const piece = await createSubmission(t, admin);
    await signedInReads(writer);
    const suspended = await t.request(`/api/admin/users/${writer.id}/suspension`, { method: "PUT", json: { until: null, reason: "Spam" }, cookie: admin.cookie });
    expect(suspended.status).toBe(200);
    expect((await t.request(`/api/community/pieces/${piece.id}/like`, { method: "PUT", cookie: writer.cookie })).status).toBe(403);
    expect((await t.request(`/api/admin/users/${writer.id}/suspension`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
    expect((await t.request(`/api/community/pieces/${piece.id}/like`, { method: "PUT", cookie: writer.cookie })).status).toBe(200);
  });

  it("reads in the time zone their browser moved them to, without trying to move it again", async () => {
    const writer = await createUser(t);
    await signedInReads(writer);
    // The stored zone follows the browser's once a day, counted from sign-up: a day later.
    t.deps.testClock!.advance(25 * 60 * 60 * 1000);
    const tokyo = { cookie: writer.cookie, headers: { "x-time-zone": "Asia/Tokyo" } };
    expect((await t.json<Me>("/api/me", tokyo)).body.user?.timeZone).toBe("Asia/Tokyo");
    // The session read next knows the new zone: no second change is attempted.
    const { sql } = await countStatements(t.deps.db, () => t.request("/api/me", tokyo));
    expect(sql.filter((s) => /^update "users"/.test(s))).toEqual([]);
  });
});

describe("while the LISTEN connection is lost", () => {
  it("answers nothing from the cache and keeps nothing in it: another instance's notices would not arrive", async () => {
    let live = true;
    const cache = new SessionCache({ notificationsLive: () => live } as unknown as Database);
    const found: VerifiedSession = {
      sessionId: "s1",
      expiresAt: new Date(Date.now() + 3_600_000),
      user: { id: "u1", email: "a@example.com", name: "A", alias: null, emailVerified: true, timeZone: "UTC", suspension: { suspendedAt: null, suspendedUntil: null, reason: null } },
    };
    await cache.remember("k", async () => found);
    expect(cache.get("k")).toBe(found);
    live = false;
    expect(cache.get("k")).toBeUndefined();
    await cache.remember("k2", async () => found);
    live = true;
    expect(cache.get("k2")).toBeUndefined();
  });
});
