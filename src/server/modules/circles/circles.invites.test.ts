import { describe, expect, it } from "vitest";
import { CIRCLE_INVITE_DEFAULT_DAYS, MAX_LIVE_CIRCLE_INVITES } from "#shared/constants.ts";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import type { CircleInvites, CircleSummary, InvitePreview } from "#shared/schemas/circles.ts";
import { createUser } from "#tests/factories.ts";
import { DAY_MS, accept, call, circleWithRoles, confirmedWriter, createCircle, join, makeInvite, roleIn, t, useCirclesApp } from "./test-helpers.ts";

/*
 * Invite links (issue 29 item 2): made by moderators, shown once, previewed by anyone holding
 * them (a visitor too) with only what a stranger may learn, accepted by confirmed writers.
 */

useCirclesApp();

const preview = (code: string, who: { cookie: string } | null = null) => call<InvitePreview>(who, "GET", `/api/invites/${code}`);
const invites = async (who: { cookie: string }, slug: string) => (await call<CircleInvites>(who, "GET", `/api/circles/${slug}/invites`)).body.items;
const circleOf = async (who: { cookie: string }, slug: string) => (await call<{ circle: CircleSummary }>(who, "GET", `/api/circles/${slug}`)).body.circle;

describe("making an invite", () => {
  it("shows the code once, lasting 7 days by default, and lists the invite without it", async () => {
    const owner = await confirmedWriter("Ivy Inviter");
    const circle = await createCircle(owner, "Lantern Club");
    const before = t.deps.clock.now().getTime();
    const made = await makeInvite(owner, circle.slug);
    const after = t.deps.clock.now().getTime();
    expect(made.code).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(made.invite).toMatchObject({ createdBy: "Ivy Inviter", maxUses: null, uses: 0, revokedAt: null, state: "live" });
    const expires = new Date(made.invite.expiresAt).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + CIRCLE_INVITE_DEFAULT_DAYS * DAY_MS);
    expect(expires).toBeLessThanOrEqual(after + CIRCLE_INVITE_DEFAULT_DAYS * DAY_MS);

    const list = await call<CircleInvites>(owner, "GET", `/api/circles/${circle.slug}/invites`);
    expect(list.body.items).toEqual([made.invite]);
    expect(JSON.stringify(list.body)).not.toContain(made.code);
  });

  it("refuses a lifetime or a use limit out of bounds", async () => {
    const owner = await confirmedWriter();
    const circle = await createCircle(owner);
    for (const [json, message] of [
      [{ days: 0 }, CIRCLE_MESSAGES.badInviteDays],
      [{ days: 31 }, CIRCLE_MESSAGES.badInviteDays],
      [{ maxUses: 0 }, CIRCLE_MESSAGES.badInviteUses],
      [{ maxUses: 1.5 }, CIRCLE_MESSAGES.badInviteUses],
    ] as const) {
      const res = await call(owner, "POST", `/api/circles/${circle.slug}/invites`, json);
      expect([res.status, res.body?.message]).toEqual([422, message]);
    }
    expect(await invites(owner, circle.slug)).toEqual([]);
  });

  it(`holds at most ${MAX_LIVE_CIRCLE_INVITES} live invites; turning one off makes room`, async () => {
    const owner = await confirmedWriter();
    const circle = await createCircle(owner);
    const made = [];
    for (let i = 0; i < MAX_LIVE_CIRCLE_INVITES; i++) made.push(await makeInvite(owner, circle.slug));
    const refused = await call(owner, "POST", `/api/circles/${circle.slug}/invites`, {});
    expect([refused.status, refused.body?.message]).toEqual([422, CIRCLE_MESSAGES.tooManyInvites]);
    expect(await invites(owner, circle.slug)).toHaveLength(MAX_LIVE_CIRCLE_INVITES);
    expect((await call(owner, "DELETE", `/api/circles/${circle.slug}/invites/${made[0]!.invite.id}`)).status).toBe(200);
    expect((await call(owner, "POST", `/api/circles/${circle.slug}/invites`, {})).status).toBe(201);
  });
});

describe("GET /api/invites/:code", () => {
  it("shows a visitor only the circle's name, description, colour and size, and when the link ends", async () => {
    const cast = await circleWithRoles();
    await call(cast.owner, "PATCH", `/api/circles/${cast.circle.slug}`, { description: "We meet on Tuesdays", accent: "rose" });
    const { code, invite } = await makeInvite(cast.moderator, cast.circle.slug);
    const res = await preview(code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      circle: { name: cast.circle.name, description: "We meet on Tuesdays", accent: "rose", memberCount: 3, requiresApproval: false },
      expiresAt: invite.expiresAt,
      memberSlug: null,
    });
    const text = JSON.stringify(res.body);
    for (const secret of [cast.circle.slug, cast.circle.id, cast.owner.name, cast.moderator.name, cast.member.name, cast.owner.id, cast.member.email]) {
      expect(text).not.toContain(secret);
    }
    // A signed-in writer outside the circle learns the same; a member is sent to the circle.
    expect((await preview(code, cast.outsider)).body).toEqual(res.body);
    expect((await preview(code, cast.member)).body.memberSlug).toBe(cast.circle.slug);
  });

  it("answers 404 for a code that names nothing (a tampered one too)", async () => {
    const owner = await confirmedWriter();
    const circle = await createCircle(owner);
    const { code } = await makeInvite(owner, circle.slug);
    const tampered = `${code.slice(0, -1)}${code.endsWith("A") ? "B" : "A"}`;
    for (const bad of [tampered, "short", `${code.slice(0, -1)}!`, "x".repeat(65)]) {
      const res = await preview(bad);
      expect([bad, res.status, res.body?.message]).toEqual([bad, 404, CIRCLE_MESSAGES.inviteNotFound]);
      const joined = await accept(await confirmedWriter(), bad);
      expect([joined.status, joined.body?.message]).toEqual([404, CIRCLE_MESSAGES.inviteNotFound]);
    }
    expect((await circleOf(owner, circle.slug)).memberCount).toBe(1);
  });
});

describe("POST /api/invites/:code/accept", () => {
  it("joins the circle as a member: its size and the link's uses go up by one", async () => {
    const owner = await confirmedWriter();
    const circle = await createCircle(owner, "Harbour Writers");
    const { code, invite } = await makeInvite(owner, circle.slug);
    const writer = await confirmedWriter();
    const joined = await accept(writer, code);
    expect(joined.status).toBe(200);
    expect(joined.body.circle).toMatchObject({ id: circle.id, slug: circle.slug, name: "Harbour Writers", memberCount: 2, myRole: "member" });
    expect((await circleOf(writer, circle.slug)).memberCount).toBe(2);
    expect((await invites(owner, circle.slug)).find((i) => i.id === invite.id)).toMatchObject({ uses: 1, state: "live" });
    expect((await preview(code)).body.circle.memberCount).toBe(2);
  });

  it("asks a visitor to sign in and an unconfirmed writer to confirm their email", async () => {
    const owner = await confirmedWriter();
    const circle = await createCircle(owner);
    const { code } = await makeInvite(owner, circle.slug);
    const visitor = await accept(null, code);
    expect([visitor.status, visitor.body?.message]).toEqual([401, CIRCLE_MESSAGES.loginToJoin]);
    const unconfirmed = await createUser(t);
    const refused = await accept(unconfirmed, code);
    expect([refused.status, refused.body?.message]).toEqual([403, CIRCLE_MESSAGES.confirmToJoin]);
    expect(await roleIn(circle.id, unconfirmed.id)).toBeNull();
    // Nor may they create a circle.
    const create = await call(unconfirmed, "POST", "/api/circles", { name: "Mine" });
    expect([create.status, create.body?.message]).toEqual([403, CIRCLE_MESSAGES.confirmToJoin]);
  });

  it("tells a member they are already in, and a banned writer they can't join", async () => {
    const cast = await circleWithRoles();
    const again = await accept(cast.member, cast.code);
    expect([again.status, again.body?.message]).toEqual([409, CIRCLE_MESSAGES.alreadyMember]);
    await call(cast.owner, "DELETE", `/api/circles/${cast.circle.slug}/members/${cast.member.id}?ban=1`);
    const { code } = await makeInvite(cast.owner, cast.circle.slug);
    const banned = await accept(cast.member, code);
    expect([banned.status, banned.body?.message]).toEqual([403, CIRCLE_MESSAGES.banned]);
    expect((await circleOf(cast.owner, cast.circle.slug)).memberCount).toBe(2);
  });

  it("refuses an expired link (on the test clock) with 410 and says so", async () => {
    const owner = await confirmedWriter();
    const circle = await createCircle(owner);
    const { code, invite } = await makeInvite(owner, circle.slug, { days: 1 });
    const writer = await confirmedWriter();
    t.deps.testClock!.advance(DAY_MS - 60_000);
    expect((await preview(code)).status).toBe(200);
    t.deps.testClock!.advance(2 * 60_000);
    const seen = await preview(code);
    expect([seen.status, seen.body?.message]).toEqual([410, CIRCLE_MESSAGES.inviteExpired]);
    const res = await accept(writer, code);
    expect([res.status, res.body?.message]).toEqual([410, CIRCLE_MESSAGES.inviteExpired]);
    expect(await roleIn(circle.id, writer.id)).toBeNull();
    expect((await invites(owner, circle.slug)).find((i) => i.id === invite.id)?.state).toBe("expired");
  });

  it("refuses a link that was turned off with 410 and says so", async () => {
    const owner = await confirmedWriter();
    const circle = await createCircle(owner);
    const { code, invite } = await makeInvite(owner, circle.slug);
    expect((await call(owner, "DELETE", `/api/circles/${circle.slug}/invites/${invite.id}`)).status).toBe(200);
    const seen = await preview(code);
    expect([seen.status, seen.body?.message]).toEqual([410, CIRCLE_MESSAGES.inviteRevoked]);
    const writer = await confirmedWriter();
    const res = await accept(writer, code);
    expect([res.status, res.body?.message]).toEqual([410, CIRCLE_MESSAGES.inviteRevoked]);
    expect((await invites(owner, circle.slug))[0]).toMatchObject({ state: "revoked", uses: 0 });
    expect((await invites(owner, circle.slug))[0]!.revokedAt).not.toBeNull();
  });

  it("lets a one-use link in once; the second writer hears it is used up", async () => {
    const owner = await confirmedWriter();
    const circle = await createCircle(owner);
    const { code } = await makeInvite(owner, circle.slug, { maxUses: 1 });
    const [first, second] = await Promise.all([confirmedWriter(), confirmedWriter()]);
    await join(first, code);
    const res = await accept(second, code);
    expect([res.status, res.body?.message]).toEqual([410, CIRCLE_MESSAGES.inviteUsedUp]);
    expect((await invites(owner, circle.slug))[0]).toMatchObject({ uses: 1, maxUses: 1, state: "used_up" });
    expect((await circleOf(owner, circle.slug)).memberCount).toBe(2);
  });

  it("refuses to turn off another circle's invite (404), and that invite keeps working", async () => {
    const [a, b] = await Promise.all([circleWithRoles(), circleWithRoles()]);
    const theirs = await makeInvite(b.owner, b.circle.slug);
    const res = await call(a.owner, "DELETE", `/api/circles/${a.circle.slug}/invites/${theirs.invite.id}`);
    expect([res.status, res.body?.message]).toEqual([404, CIRCLE_MESSAGES.inviteNotFound]);
    const notUuid = await call(a.owner, "DELETE", `/api/circles/${a.circle.slug}/invites/nope`);
    expect(notUuid.status).toBe(404);
    expect((await preview(theirs.code)).status).toBe(200);
    expect((await invites(b.owner, b.circle.slug)).find((i) => i.id === theirs.invite.id)?.state).toBe("live");
  });
});
