import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAX_CIRCLE_MEMBERS, MAX_CIRCLES_PER_WRITER } from "#shared/constants.ts";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import type { CircleInvites, CircleSummary, MyCircles } from "#shared/schemas/circles.ts";
import { circleMembers, circles } from "#server/db/schema/index.ts";
import type { TestUser } from "#tests/factories.ts";
import { accept, call, confirmedWriter, createCircle, makeInvite, roleIn, t, useCirclesApp } from "./test-helpers.ts";

/*
 * Circles' limits (issue 29): a writer is in at most MAX_CIRCLES_PER_WRITER circles, a circle holds
 * at most MAX_CIRCLE_MEMBERS, and a one-use link lets in one writer however the requests race.
 * The many rows a limit needs are written directly: the routes only read them.
 */

useCirclesApp();

let made = 0;
/** `n` circles owned by someone else, with `writer` a plain member of each (rows written directly). */
async function memberOfMany(writer: TestUser, n: number): Promise<string[]> {
  const owner = await confirmedWriter();
  const rows = await t.deps.db
    .insert(circles)
    .values(Array.from({ length: n }, () => ({ slug: `filler-${++made}-${Date.now().toString(36)}`, name: `Filler ${made}`, ownerId: owner.id, memberCount: 2 })))
    .returning({ id: circles.id });
  await t.deps.db.insert(circleMembers).values(rows.flatMap((r) => [
    { circleId: r.id, userId: owner.id, role: "owner" as const },
    { circleId: r.id, userId: writer.id, role: "member" as const },
  ]));
  return rows.map((r) => r.id);
}

describe(`a writer in ${MAX_CIRCLES_PER_WRITER} circles`, () => {
  it("may create the last one allowed, then can neither create nor join another until they leave one", async () => {
    const writer = await confirmedWriter();
    await memberOfMany(writer, MAX_CIRCLES_PER_WRITER - 1);
    const last = await createCircle(writer, "The Fiftieth");
    const mine = await call<MyCircles>(writer, "GET", "/api/circles");
    expect(mine.body.circles).toHaveLength(MAX_CIRCLES_PER_WRITER);
    expect(mine.body.max).toBe(MAX_CIRCLES_PER_WRITER);

    const create = await call(writer, "POST", "/api/circles", { name: "One Too Many" });
    expect([create.status, create.body?.message]).toEqual([422, CIRCLE_MESSAGES.tooManyCircles]);

    const host = await confirmedWriter();
    const circle = await createCircle(host);
    const { code } = await makeInvite(host, circle.slug);
    const join = await accept(writer, code);
    expect([join.status, join.body?.message]).toEqual([422, CIRCLE_MESSAGES.tooManyCircles]);
    expect(await roleIn(circle.id, writer.id)).toBeNull();
    expect((await call<CircleInvites>(host, "GET", `/api/circles/${circle.slug}/invites`)).body.items[0]!.uses).toBe(0);
    expect((await call<MyCircles>(writer, "GET", "/api/circles")).body.circles).toHaveLength(MAX_CIRCLES_PER_WRITER);

    // Deleting one of theirs makes room.
    expect((await call(writer, "DELETE", `/api/circles/${last.slug}`, { confirmName: "The Fiftieth" })).status).toBe(200);
    expect((await accept(writer, code)).status).toBe(200);
  });

  it("is let into only one more circle when two joins race", async () => {
    const writer = await confirmedWriter();
    await memberOfMany(writer, MAX_CIRCLES_PER_WRITER - 1);
    const hosts = await Promise.all([confirmedWriter(), confirmedWriter()]);
    const codes = await Promise.all(hosts.map(async (h) => (await makeInvite(h, (await createCircle(h)).slug)).code));
    const results = await Promise.all(codes.map((code) => accept(writer, code)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect((await call<MyCircles>(writer, "GET", "/api/circles")).body.circles).toHaveLength(MAX_CIRCLES_PER_WRITER);
  });
});

describe(`a circle of ${MAX_CIRCLE_MEMBERS}`, () => {
  it("is full: a writer with a live link is refused and the size stays", async () => {
    const owner = await confirmedWriter();
    const circle = await createCircle(owner);
    const { code } = await makeInvite(owner, circle.slug);
    await t.deps.db.update(circles).set({ memberCount: MAX_CIRCLE_MEMBERS }).where(eq(circles.id, circle.id));
    const writer = await confirmedWriter();
    const res = await accept(writer, code);
    expect([res.status, res.body?.message]).toEqual([422, CIRCLE_MESSAGES.circleFull]);
    expect(await roleIn(circle.id, writer.id)).toBeNull();
    expect((await call<{ circle: CircleSummary }>(owner, "GET", `/api/circles/${circle.slug}`)).body.circle.memberCount).toBe(MAX_CIRCLE_MEMBERS);
    // One place free: the writer gets in.
    await t.deps.db.update(circles).set({ memberCount: MAX_CIRCLE_MEMBERS - 1 }).where(eq(circles.id, circle.id));
    expect((await accept(writer, code)).body.circle?.memberCount).toBe(MAX_CIRCLE_MEMBERS);
  });
});

describe("a one-use link accepted by two writers at once", () => {
  it("lets exactly one of them in", async () => {
    const owner = await confirmedWriter();
    const circle = await createCircle(owner);
    const { code } = await makeInvite(owner, circle.slug, { maxUses: 1 });
    const [a, b] = await Promise.all([confirmedWriter(), confirmedWriter()]);
    const results = await Promise.all([accept(a, code), accept(b, code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 410]);
    expect(results.find((r) => r.status === 410)!.body.message).toBe(CIRCLE_MESSAGES.inviteUsedUp);
    const roles = [await roleIn(circle.id, a.id), await roleIn(circle.id, b.id)];
    expect(roles.filter((r) => r === "member")).toHaveLength(1);
    expect((await call<{ circle: CircleSummary }>(owner, "GET", `/api/circles/${circle.slug}`)).body.circle.memberCount).toBe(2);
    expect((await call<CircleInvites>(owner, "GET", `/api/circles/${circle.slug}/invites`)).body.items[0]).toMatchObject({ uses: 1, state: "used_up" });
  });
});
