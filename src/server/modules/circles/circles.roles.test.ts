import { describe, expect, it } from "vitest";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import type { CircleMembersPage, CircleSummary, MyCircles } from "#shared/schemas/circles.ts";
import { accept, call, circleWithRoles, confirmedWriter, join, roleIn, useCirclesApp } from "./test-helpers.ts";

/*
 * Roles in a circle (issue 29 item 1): the owner makes and unmakes moderators and hands the
 * circle over; moderators remove members (and may ban them); members leave; the owner never
 * leaves or is removed until someone else owns the circle.
 */

useCirclesApp();

const members = async (cookieOf: { cookie: string }, slug: string) =>
  (await call<CircleMembersPage>(cookieOf, "GET", `/api/circles/${slug}/members`)).body.items.map((m) => [m.name, m.role]);

describe("moderators", () => {
  it("are made by the owner, and made members again", async () => {
    const cast = await circleWithRoles();
    const { slug } = cast.circle;
    expect(await members(cast.member, slug)).toContainEqual([cast.moderator.name, "moderator"]);
    const made = await call(cast.owner, "PATCH", `/api/circles/${slug}/members/${cast.member.id}`, { role: "moderator" });
    expect(made).toEqual({ status: 200, body: { ok: true } });
    // The new moderator may now do a moderator's work.
    expect((await call(cast.member, "GET", `/api/circles/${slug}/invites`)).status).toBe(200);
    await call(cast.owner, "PATCH", `/api/circles/${slug}/members/${cast.member.id}`, { role: "member" });
    const refused = await call(cast.member, "GET", `/api/circles/${slug}/invites`);
    expect([refused.status, refused.body?.message]).toEqual([403, CIRCLE_MESSAGES.notModerator]);
  });

  it("refuses a role for someone outside the circle, and an unknown role", async () => {
    const cast = await circleWithRoles();
    const { slug } = cast.circle;
    const stranger = await call(cast.owner, "PATCH", `/api/circles/${slug}/members/${cast.outsider.id}`, { role: "moderator" });
    expect([stranger.status, stranger.body?.message]).toEqual([404, CIRCLE_MESSAGES.memberNotFound]);
    const owner = await call(cast.owner, "PATCH", `/api/circles/${slug}/members/${cast.member.id}`, { role: "owner" });
    expect(owner.status).toBe(422);
    expect(await roleIn(cast.circle.id, cast.member.id)).toBe("member");
  });

  it("remove a member but not another moderator, and never the owner", async () => {
    const cast = await circleWithRoles();
    const { slug } = cast.circle;
    const second = await confirmedWriter();
    await join(second, cast.code);
    await call(cast.owner, "PATCH", `/api/circles/${slug}/members/${second.id}`, { role: "moderator" });

    const peer = await call(cast.moderator, "DELETE", `/api/circles/${slug}/members/${second.id}`);
    expect([peer.status, peer.body?.message]).toEqual([403, CIRCLE_MESSAGES.notOwner]);
    const owner = await call(cast.moderator, "DELETE", `/api/circles/${slug}/members/${cast.owner.id}`);
    expect([owner.status, owner.body?.message]).toEqual([403, CIRCLE_MESSAGES.notOwner]);
    expect(await roleIn(cast.circle.id, second.id)).toBe("moderator");
    expect(await roleIn(cast.circle.id, cast.owner.id)).toBe("owner");

    expect((await call(cast.moderator, "DELETE", `/api/circles/${slug}/members/${cast.member.id}`)).status).toBe(200);
    expect(await roleIn(cast.circle.id, cast.member.id)).toBeNull();
    // The owner may remove a moderator.
    expect((await call(cast.owner, "DELETE", `/api/circles/${slug}/members/${second.id}`)).status).toBe(200);
    expect(await members(cast.owner, slug)).toEqual([
      [cast.owner.name, "owner"],
      [cast.moderator.name, "moderator"],
    ]);
    expect((await call<{ circle: CircleSummary }>(cast.owner, "GET", `/api/circles/${slug}`)).body.circle.memberCount).toBe(2);
    // Someone removed is not a member to remove again.
    const again = await call(cast.moderator, "DELETE", `/api/circles/${slug}/members/${cast.member.id}`);
    expect([again.status, again.body?.message]).toEqual([404, CIRCLE_MESSAGES.memberNotFound]);
  });
});

describe("leaving and handing over", () => {
  it("lets a member leave; the circle is then gone from their list and closed to them", async () => {
    const cast = await circleWithRoles();
    const { slug } = cast.circle;
    const left = await call(cast.member, "DELETE", `/api/circles/${slug}/members/${cast.member.id}`);
    expect(left).toEqual({ status: 200, body: { ok: true } });
    expect((await call<MyCircles>(cast.member, "GET", "/api/circles")).body.circles).toEqual([]);
    const closed = await call(cast.member, "GET", `/api/circles/${slug}`);
    expect([closed.status, closed.body?.message]).toEqual([404, CIRCLE_MESSAGES.notFound]);
    expect((await call<{ circle: CircleSummary }>(cast.owner, "GET", `/api/circles/${slug}`)).body.circle.memberCount).toBe(2);
    // Leaving is not a ban: the link lets them back in.
    expect((await accept(cast.member, cast.code)).status).toBe(200);
  });

  it("keeps the owner in until they hand the circle over; the old owner is then a moderator and may leave", async () => {
    const cast = await circleWithRoles();
    const { slug } = cast.circle;
    const stay = await call(cast.owner, "DELETE", `/api/circles/${slug}/members/${cast.owner.id}`);
    expect([stay.status, stay.body?.message]).toEqual([409, CIRCLE_MESSAGES.ownerCannotLeave]);

    const outsider = await call(cast.owner, "POST", `/api/circles/${slug}/owner`, { userId: cast.outsider.id });
    expect([outsider.status, outsider.body?.message]).toEqual([404, CIRCLE_MESSAGES.memberNotFound]);
    expect(await roleIn(cast.circle.id, cast.owner.id)).toBe("owner");

    const handed = await call(cast.owner, "POST", `/api/circles/${slug}/owner`, { userId: cast.member.id });
    expect(handed).toEqual({ status: 200, body: { ok: true } });
    expect((await call<{ circle: CircleSummary }>(cast.owner, "GET", `/api/circles/${slug}`)).body.circle.myRole).toBe("moderator");
    expect((await call<{ circle: CircleSummary }>(cast.member, "GET", `/api/circles/${slug}`)).body.circle.myRole).toBe("owner");
    // The old owner no longer does the owner's work.
    const notMine = await call(cast.owner, "POST", `/api/circles/${slug}/owner`, { userId: cast.moderator.id });
    expect([notMine.status, notMine.body?.message]).toEqual([403, CIRCLE_MESSAGES.notOwner]);

    expect((await call(cast.owner, "DELETE", `/api/circles/${slug}/members/${cast.owner.id}`)).status).toBe(200);
    expect(await members(cast.member, slug)).toEqual([
      [cast.moderator.name, "moderator"],
      [cast.member.name, "owner"],
    ]);
    // The new owner may delete it.
    const gone = await call(cast.member, "DELETE", `/api/circles/${slug}`, { confirmName: cast.circle.name });
    expect(gone.status).toBe(200);
  });
});

describe("banning", () => {
  it("removes with ?ban=1, and the banned writer's next accept is refused; one only removed may come back", async () => {
    const cast = await circleWithRoles();
    const { slug } = cast.circle;
    const other = await confirmedWriter();
    await join(other, cast.code);

    expect((await call(cast.moderator, "DELETE", `/api/circles/${slug}/members/${cast.member.id}?ban=1`)).status).toBe(200);
    expect((await call(cast.moderator, "DELETE", `/api/circles/${slug}/members/${other.id}`)).status).toBe(200);

    const banned = await accept(cast.member, cast.code);
    expect([banned.status, banned.body?.message]).toEqual([403, CIRCLE_MESSAGES.banned]);
    expect(await roleIn(cast.circle.id, cast.member.id)).toBeNull();
    expect((await call(cast.member, "GET", `/api/circles/${slug}`)).status).toBe(404);
    expect((await accept(other, cast.code)).status).toBe(200);
    expect((await call<{ circle: CircleSummary }>(cast.owner, "GET", `/api/circles/${slug}`)).body.circle.memberCount).toBe(3);
  });

  it("leaving with ?ban=1 does not ban oneself", async () => {
    const cast = await circleWithRoles();
    expect((await call(cast.member, "DELETE", `/api/circles/${cast.circle.slug}/members/${cast.member.id}?ban=1`)).status).toBe(200);
    expect((await accept(cast.member, cast.code)).status).toBe(200);
  });

  it("answers 404 for a member id that is not a uuid", async () => {
    const cast = await circleWithRoles();
    const res = await call(cast.owner, "DELETE", `/api/circles/${cast.circle.slug}/members/not-a-uuid`);
    expect([res.status, res.body?.message]).toEqual([404, CIRCLE_MESSAGES.memberNotFound]);
  });
});
