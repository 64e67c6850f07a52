import { describe, expect, it } from "vitest";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import type { CircleFeedPage, CircleInvites, CircleMembersPage, CircleSummary, MyCircles } from "#shared/schemas/circles.ts";
import { call, circleWithRoles, confirmedWriter, makeInvite, roleIn, useCirclesApp, type Caller, type CircleCast } from "./test-helpers.ts";

/*
 * Who may do what in a circle (issue 29 item 1): members read; moderators rename and manage
 * invites and members; the owner alone sets roles, hands over and deletes. To a writer outside it
 * a circle does not exist (404 "Circle not found"); a site admin reads any circle but moderates none.
 * (A visitor's 401 on every route: src/server/http/signed-in-routes.test.ts.)
 */

useCirclesApp();

type Route = { method: string; path: string; json?: unknown };

/** Every route of one circle, each aimed at something that exists (so only the caller's standing decides). */
async function everyRoute(cast: CircleCast): Promise<Route[]> {
  const { slug } = cast.circle;
  const { invite } = await makeInvite(cast.owner, slug);
  return [
    { method: "GET", path: `/api/circles/${slug}` },
    { method: "GET", path: `/api/circles/${slug}/feed` },
    { method: "GET", path: `/api/circles/${slug}/members` },
    { method: "PATCH", path: `/api/circles/${slug}`, json: { name: "Renamed" } },
    { method: "DELETE", path: `/api/circles/${slug}`, json: { confirmName: cast.circle.name } },
    { method: "PATCH", path: `/api/circles/${slug}/members/${cast.member.id}`, json: { role: "moderator" } },
    { method: "DELETE", path: `/api/circles/${slug}/members/${cast.member.id}` },
    { method: "DELETE", path: `/api/circles/${slug}/members/${cast.member.id}?ban=1` },
    { method: "POST", path: `/api/circles/${slug}/owner`, json: { userId: cast.member.id } },
    { method: "GET", path: `/api/circles/${slug}/invites` },
    { method: "POST", path: `/api/circles/${slug}/invites`, json: {} },
    { method: "DELETE", path: `/api/circles/${slug}/invites/${invite.id}` },
  ];
}

async function expectRefused(who: Caller, routes: Route[], status: number, message: (r: Route) => string) {
  for (const r of routes) {
    const res = await call(who, r.method, r.path, r.json);
    expect({ route: `${r.method} ${r.path}`, status: res.status, message: res.body?.message }).toEqual({ route: `${r.method} ${r.path}`, status, message: message(r) });
  }
}

/** Nothing a refused caller tried changed the circle. */
async function expectUnchanged(cast: CircleCast) {
  const res = await call<{ circle: CircleSummary }>(cast.owner, "GET", `/api/circles/${cast.circle.slug}`);
  expect(res.body.circle).toMatchObject({ name: cast.circle.name, memberCount: 3, myRole: "owner" });
  expect(await roleIn(cast.circle.id, cast.member.id)).toBe("member");
  const invites = await call<CircleInvites>(cast.owner, "GET", `/api/circles/${cast.circle.slug}/invites`);
  expect(invites.body.items.map((i) => i.state)).toEqual(["live", "live"]);
}

describe("reading a circle", () => {
  it("lets its owner, moderators and members read the circle, its feed and its members, each told their role", async () => {
    const cast = await circleWithRoles();
    for (const [who, role] of [[cast.owner, "owner"], [cast.moderator, "moderator"], [cast.member, "member"]] as const) {
      const circle = await call<{ circle: CircleSummary }>(who, "GET", `/api/circles/${cast.circle.slug}`);
      expect(circle.status).toBe(200);
      expect(circle.body.circle).toMatchObject({ id: cast.circle.id, name: cast.circle.name, memberCount: 3, myRole: role });
      const feed = await call<CircleFeedPage>(who, "GET", `/api/circles/${cast.circle.slug}/feed`);
      expect(feed.body).toEqual({ items: [], nextCursor: null });
      const members = await call<CircleMembersPage>(who, "GET", `/api/circles/${cast.circle.slug}/members`);
      expect(members.body.items.map((m) => [m.name, m.role, m.isMe])).toEqual([
        [cast.owner.name, "owner", who === cast.owner],
        [cast.moderator.name, "moderator", who === cast.moderator],
        [cast.member.name, "member", who === cast.member],
      ]);
      const mine = await call<MyCircles>(who, "GET", "/api/circles");
      expect(mine.body.circles.map((c) => [c.id, c.myRole])).toEqual([[cast.circle.id, role]]);
    }
  });

  it("lets a site admin read a circle they are not in (with no role), without listing it among theirs", async () => {
    const cast = await circleWithRoles();
    const admin = await confirmedWriter("Site Admin", { admin: true });
    const circle = await call<{ circle: CircleSummary }>(admin, "GET", `/api/circles/${cast.circle.slug}`);
    expect(circle.status).toBe(200);
    expect(circle.body.circle).toMatchObject({ id: cast.circle.id, memberCount: 3, myRole: null });
    expect((await call(admin, "GET", `/api/circles/${cast.circle.slug}/feed`)).status).toBe(200);
    const members = await call<CircleMembersPage>(admin, "GET", `/api/circles/${cast.circle.slug}/members`);
    expect(members.body.items).toHaveLength(3);
    expect(members.body.items.some((m) => m.isMe)).toBe(false);
    expect((await call<MyCircles>(admin, "GET", "/api/circles")).body.circles).toEqual([]);
    // Reading did not make the admin a member.
    expect(await roleIn(cast.circle.id, admin.id)).toBeNull();
  });
});

describe("refusals", () => {
  it("answers a writer outside the circle 404 'Circle not found' on every route, as for a slug that names nothing", async () => {
    const cast = await circleWithRoles();
    const routes = await everyRoute(cast);
    await expectRefused(cast.outsider, routes, 404, () => CIRCLE_MESSAGES.notFound);
    expect((await call<MyCircles>(cast.outsider, "GET", "/api/circles")).body.circles).toEqual([]);
    // A member of the circle asking for a slug that does not exist hears the same.
    const ghost = routes.map((r) => ({ ...r, path: r.path.replace(cast.circle.slug, "no-such-circle-00000000") }));
    await expectRefused(cast.owner, ghost, 404, () => CIRCLE_MESSAGES.notFound);
    await expectUnchanged(cast);
  });

  it("answers a member 403 on every moderator and owner action, and changes nothing", async () => {
    const cast = await circleWithRoles();
    const routes = (await everyRoute(cast)).filter((r) => r.method !== "GET" || r.path.endsWith("/invites"));
    const ownerOnly = (r: Route) =>
      (r.method === "DELETE" && r.path.endsWith(cast.circle.slug)) || r.path.endsWith("/owner") || (r.method === "PATCH" && r.path.includes("/members/"));
    // The member acts on someone else: the moderator (removing oneself is leaving, allowed).
    const aimed = routes.map((r) => ({ ...r, path: r.path.replace(cast.member.id, cast.moderator.id) }));
    await expectRefused(cast.member, aimed, 403, (r) => (ownerOnly(r) ? CIRCLE_MESSAGES.notOwner : CIRCLE_MESSAGES.notModerator));
    await expectUnchanged(cast);
    expect(await roleIn(cast.circle.id, cast.moderator.id)).toBe("moderator");
  });

  it("answers a moderator 403 on the owner's actions (roles, handing over, deleting)", async () => {
    const cast = await circleWithRoles();
    const routes = (await everyRoute(cast)).filter(
      (r) => (r.method === "DELETE" && r.path.endsWith(cast.circle.slug)) || r.path.endsWith("/owner") || (r.method === "PATCH" && r.path.includes("/members/")),
    );
    expect(routes).toHaveLength(3);
    await expectRefused(cast.moderator, routes, 403, () => CIRCLE_MESSAGES.notOwner);
    await expectUnchanged(cast);
  });

  it("answers a site admin 403 on every change: they read circles, they do not moderate them", async () => {
    const cast = await circleWithRoles();
    const admin = await confirmedWriter("Site Admin", { admin: true });
    const routes = (await everyRoute(cast)).filter((r) => r.method !== "GET" || r.path.endsWith("/invites"));
    const ownerOnly = (r: Route) =>
      (r.method === "DELETE" && r.path.endsWith(cast.circle.slug)) || r.path.endsWith("/owner") || (r.method === "PATCH" && r.path.includes("/members/"));
    await expectRefused(admin, routes, 403, (r) => (ownerOnly(r) ? CIRCLE_MESSAGES.notOwner : CIRCLE_MESSAGES.notModerator));
    await expectUnchanged(cast);
  });
});

describe("what moderators and the owner may do", () => {
  it("lets a moderator rename the circle, list, make and turn off invites, and remove a member", async () => {
    const cast = await circleWithRoles();
    const { slug } = cast.circle;
    const renamed = await call<{ circle: CircleSummary }>(cast.moderator, "PATCH", `/api/circles/${slug}`, { name: "  Night Owls  ", accent: "teal" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.circle).toMatchObject({ name: "Night Owls", accent: "teal", myRole: "moderator", slug });
    const made = await makeInvite(cast.moderator, slug);
    expect(made.invite.createdBy).toBe(cast.moderator.name);
    const list = await call<CircleInvites>(cast.moderator, "GET", `/api/circles/${slug}/invites`);
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({ id: made.invite.id, state: "live" });
    expect((await call(cast.moderator, "DELETE", `/api/circles/${slug}/invites/${made.invite.id}`)).status).toBe(200);
    const removed = await call(cast.moderator, "DELETE", `/api/circles/${slug}/members/${cast.member.id}`);
    expect(removed).toEqual({ status: 200, body: { ok: true } });
    expect((await call<{ circle: CircleSummary }>(cast.owner, "GET", `/api/circles/${slug}`)).body.circle).toMatchObject({ memberCount: 2, name: "Night Owls" });
    expect((await call(cast.member, "GET", `/api/circles/${slug}`)).status).toBe(404);
  });

  it("refuses a bad rename with the contract's words, and keeps the name", async () => {
    const cast = await circleWithRoles();
    for (const [json, message] of [
      [{ name: "   " }, CIRCLE_MESSAGES.nameRequired],
      [{ name: "x".repeat(61) }, CIRCLE_MESSAGES.nameTooLong],
      [{ accent: "neon" }, CIRCLE_MESSAGES.badAccent],
    ] as const) {
      const res = await call(cast.owner, "PATCH", `/api/circles/${cast.circle.slug}`, json);
      expect([res.status, res.body?.message]).toEqual([422, message]);
    }
    expect((await call<{ circle: CircleSummary }>(cast.member, "GET", `/api/circles/${cast.circle.slug}`)).body.circle.name).toBe(cast.circle.name);
  });

  it("deletes the circle for its owner only when its name is typed, and then it is gone for every member", async () => {
    const cast = await circleWithRoles("Tuesday Poets");
    const wrong = await call(cast.owner, "DELETE", `/api/circles/${cast.circle.slug}`, { confirmName: "Tuesday" });
    expect([wrong.status, wrong.body?.message]).toEqual([422, CIRCLE_MESSAGES.confirmDelete]);
    expect((await call(cast.member, "GET", `/api/circles/${cast.circle.slug}`)).status).toBe(200);

    const done = await call(cast.owner, "DELETE", `/api/circles/${cast.circle.slug}`, { confirmName: "Tuesday Poets" });
    expect(done).toEqual({ status: 200, body: { ok: true } });
    for (const who of [cast.owner, cast.moderator, cast.member]) {
      const res = await call(who, "GET", `/api/circles/${cast.circle.slug}`);
      expect([res.status, res.body?.message]).toEqual([404, CIRCLE_MESSAGES.notFound]);
      expect((await call<MyCircles>(who, "GET", "/api/circles")).body.circles).toEqual([]);
    }
    // Its invite links went with it.
    const link = await call(null, "GET", `/api/invites/${cast.code}`);
    expect([link.status, link.body?.message]).toEqual([404, CIRCLE_MESSAGES.inviteNotFound]);
  });
});
