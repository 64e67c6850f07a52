import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import { WRITE_IN_MESSAGES as M } from "#shared/domain/write-ins.ts";
import type { WriteInDetail, WriteInList, WriteInPanel, WriteInResults, WriteInSummary } from "#shared/schemas/write-ins.ts";
import { writeIns } from "#server/db/schema/index.ts";
import { call, circleWithRoles, confirmedWriter, count, joined, MINUTE, schedule, setClock, startIn, startOf, t, useWriteInsApp, type Caller } from "./test-helpers.ts";

/*
 * Who may do what with a write-in (issue 30; access.ts): every route × a visitor, a writer outside
 * the circle, a member, a moderator, the owner and a site admin who is not a member, for a circle's
 * write-in and for the community's. A circle's write-in does not exist for anyone who may not read
 * the circle (404); a site admin reads it but acts only as a member would, and is none.
 */

useWriteInsApp();

const SIGN_IN = "You must be signed in to do that";
const WHO = ["visitor", "outsider", "member", "moderator", "owner", "admin"] as const;
type Who = (typeof WHO)[number];
type Answer = [status: number, message?: string];

async function everyone() {
  const cast = await circleWithRoles();
  const admin = await confirmedWriter("Site Admin", { admin: true });
  const as: Record<Who, Caller> = { visitor: null, outsider: cast.outsider, member: cast.member, moderator: cast.moderator, owner: cast.owner, admin };
  return { ...cast, admin, as, slug: cast.circle.slug };
}

/** What each caller hears from `route` (called once per caller, in WHO order), against what they should. */
async function expectAnswers(route: (who: Who) => Promise<{ status: number; body: { message?: string } | null }>, want: Record<Who, Answer>) {
  const got: Partial<Record<Who, Answer>> = {};
  for (const who of WHO) {
    const res = await route(who);
    got[who] = want[who].length > 1 ? [res.status, res.body?.message] : [res.status];
  }
  expect(got).toEqual(want);
}

/** The panel's live stream as `who` hears it: its status (a stream that opens is closed at once), or the refusal's body. */
async function panelStream(who: Caller, id: string): Promise<{ status: number; body: { message?: string } | null }> {
  const res = await t.request(`/api/write-ins/${id}/panel/stream`, { cookie: who?.cookie ?? null });
  if (res.status !== 200) return { status: res.status, body: (await res.json()) as { message?: string } };
  await res.body?.cancel();
  return { status: 200, body: null };
}

/** Past the count gap, so a refusal is not the rate's. */
const clockStep = () => t.deps.testClock!.advance(3000);

const detail = (who: Caller, id: string) => call<WriteInDetail>(who, "GET", `/api/write-ins/${id}`);

describe("scheduling", () => {
  it("lets only the circle's owner and moderators schedule its write-ins (a member hears 403, a stranger finds no circle)", async () => {
    const c = await everyone();
    await expectAnswers((who) => call(c.as[who], "POST", "/api/write-ins", { title: `By the ${who}`, circle: c.slug, startsAt: startIn((WHO.indexOf(who) + 1) * 60 * MINUTE), lengthMinutes: 20 }), {
      visitor: [401, SIGN_IN],
      outsider: [404, CIRCLE_MESSAGES.notFound],
      member: [403, "Only the circle's moderators can do that"],
      moderator: [201],
      owner: [201],
      admin: [403, CIRCLE_MESSAGES.notModerator],
    });
    expect(CIRCLE_MESSAGES.notModerator).toBe("Only the circle's moderators can do that");
    const list = await call<WriteInList>(c.member, "GET", `/api/write-ins?circle=${c.slug}`);
    expect(list.body.items.map((w) => [w.title, w.circle?.id, w.canManage])).toEqual([
      ["By the moderator", c.circle.id, false],
      ["By the owner", c.circle.id, false],
    ]);
  });

  it("lets only site admins schedule a write-in for the whole community, and a refusal stores nothing", async () => {
    const c = await everyone();
    await expectAnswers((who) => call(c.as[who], "POST", "/api/write-ins", { title: `Community by the ${who}`, startsAt: startIn(60 * MINUTE), lengthMinutes: 30 }), {
      visitor: [401, SIGN_IN],
      outsider: [403, M.notAdmin],
      member: [403, "Only site admins can schedule write-ins for the whole community"],
      moderator: [403, M.notAdmin],
      owner: [403, M.notAdmin],
      admin: [201],
    });
    const ids = [c.outsider, c.member, c.moderator, c.owner, c.admin].map((u) => u.id);
    const stored = await t.deps.db.select({ title: writeIns.title, circle: writeIns.circleId }).from(writeIns).where(inArray(writeIns.createdBy, ids));
    expect(stored).toEqual([{ title: "Community by the admin", circle: null }]);
  });
});

describe("reading", () => {
  it("shows a circle's write-in, its panel and results to members and site admins only; to anyone else it does not exist", async () => {
    const c = await everyone();
    const { writeIn } = await schedule(c.owner, { circle: c.slug });
    const reader: Record<Who, Answer> = { visitor: [404, M.notFound], outsider: [404, M.notFound], member: [200], moderator: [200], owner: [200], admin: [200] };
    await expectAnswers((who) => detail(c.as[who], writeIn.id), reader);
    await expectAnswers((who) => call(c.as[who], "GET", `/api/write-ins/${writeIn.id}/panel`), reader);
    // Results wait for the start, for those who may read them; the others still find nothing.
    const early = { ...reader, member: [409, M.notStarted], moderator: [409, M.notStarted], owner: [409, M.notStarted], admin: [409, M.notStarted] } as Record<Who, Answer>;
    await expectAnswers((who) => call(c.as[who], "GET", `/api/write-ins/${writeIn.id}/results`), early);
    setClock(startOf(writeIn) + MINUTE);
    await expectAnswers((who) => call<WriteInResults>(c.as[who], "GET", `/api/write-ins/${writeIn.id}/results`), reader);
    await expectAnswers((who) => panelStream(c.as[who], writeIn.id), reader);
    // Who may manage it is told to each reader.
    for (const who of ["member", "moderator", "owner", "admin"] as const) {
      expect([who, (await detail(c.as[who], writeIn.id)).body.writeIn.canManage]).toEqual([who, who === "moderator" || who === "owner"]);
    }
    // The circle's list: the same readers; a visitor or stranger finds no circle.
    await expectAnswers((who) => call(c.as[who], "GET", `/api/write-ins?circle=${c.slug}`), {
      ...reader,
      visitor: [404, CIRCLE_MESSAGES.notFound],
      outsider: [404, CIRCLE_MESSAGES.notFound],
    });
    // Not in a stranger's or a visitor's default list either.
    for (const who of [null, c.outsider]) expect((await call<WriteInList>(who, "GET", "/api/write-ins")).body.items.map((w) => w.id)).not.toContain(writeIn.id);
  });

  it("shows the community's write-in to everyone, visitors too; only site admins may manage it", async () => {
    const c = await everyone();
    const { writeIn } = await schedule(c.admin);
    const all: Record<Who, Answer> = { visitor: [200], outsider: [200], member: [200], moderator: [200], owner: [200], admin: [200] };
    await expectAnswers((who) => detail(c.as[who], writeIn.id), all);
    await expectAnswers((who) => call<WriteInPanel>(c.as[who], "GET", `/api/write-ins/${writeIn.id}/panel`), all);
    setClock(startOf(writeIn) + MINUTE);
    await expectAnswers((who) => call(c.as[who], "GET", `/api/write-ins/${writeIn.id}/results`), all);
    await expectAnswers((who) => panelStream(c.as[who], writeIn.id), all);
    for (const who of WHO) expect([who, (await detail(c.as[who], writeIn.id)).body.writeIn.canManage]).toEqual([who, who === "admin"]);
    expect((await call<WriteInList>(null, "GET", "/api/write-ins")).body.items.map((w) => w.id)).toContain(writeIn.id);
  });

  it("answers 404 'Write-in not found' for an id that names nothing or is not an id", async () => {
    const c = await everyone();
    for (const path of [`/api/write-ins/${crypto.randomUUID()}`, "/api/write-ins/not-an-id", `/api/write-ins/${crypto.randomUUID()}/panel`, `/api/write-ins/${crypto.randomUUID()}/results`]) {
      const res = await call(c.admin, "GET", path);
      expect([path, res.status, res.body?.message]).toEqual([path, 404, M.notFound]);
    }
    const res = await call(c.member, "POST", `/api/write-ins/${crypto.randomUUID()}/join`, {});
    expect([res.status, res.body?.message]).toEqual([404, M.notFound]);
  });
});

describe("saying you are coming, and joining", () => {
  it("lets a circle's members RSVP and join its write-in; a site admin who is not a member may not", async () => {
    const c = await everyone();
    const { writeIn } = await schedule(c.owner, { circle: c.slug });
    const members: Record<Who, Answer> = {
      visitor: [401, SIGN_IN],
      outsider: [404, M.notFound],
      member: [200],
      moderator: [200],
      owner: [200],
      admin: [403, M.notMember],
    };
    await expectAnswers((who) => call(c.as[who], "PUT", `/api/write-ins/${writeIn.id}/rsvp`), members);
    expect((await detail(c.member, writeIn.id)).body.writeIn).toMatchObject({ coming: 3, myRsvp: true });
    const adminTry = await call(c.admin, "PUT", `/api/write-ins/${writeIn.id}/rsvp`);
    expect(adminTry.body?.code).toBe("not_circle_member");
    await expectAnswers((who) => call(c.as[who], "DELETE", `/api/write-ins/${writeIn.id}/rsvp`), members);
    expect((await detail(c.member, writeIn.id)).body.writeIn).toMatchObject({ coming: 0, myRsvp: false });

    setClock(startOf(writeIn) - 5 * MINUTE);
    await expectAnswers((who) => call(c.as[who], "POST", `/api/write-ins/${writeIn.id}/join`, {}), { ...members, visitor: [401, M.signInToJoin] });
    expect((await call(c.admin, "POST", `/api/write-ins/${writeIn.id}/join`, {})).body?.code).toBe("not_circle_member");
    expect((await detail(c.admin, writeIn.id)).body.writeIn).toMatchObject({ joined: 3, joinedByMe: false, state: "open" });
  });

  it("lets any signed-in writer RSVP and join the community's write-in, site admins too; a visitor must sign in", async () => {
    const c = await everyone();
    const { writeIn } = await schedule(c.admin);
    const writers: Record<Who, Answer> = { visitor: [401, SIGN_IN], outsider: [200], member: [200], moderator: [200], owner: [200], admin: [200] };
    await expectAnswers((who) => call(c.as[who], "PUT", `/api/write-ins/${writeIn.id}/rsvp`), writers);
    expect((await detail(null, writeIn.id)).body.writeIn).toMatchObject({ coming: 5, myRsvp: false });
    await expectAnswers((who) => call(c.as[who], "DELETE", `/api/write-ins/${writeIn.id}/rsvp`), writers);
    setClock(startOf(writeIn) - 5 * MINUTE);
    await expectAnswers((who) => call(c.as[who], "POST", `/api/write-ins/${writeIn.id}/join`, {}), { ...writers, visitor: [401, M.signInToJoin] });
    expect((await detail(null, writeIn.id)).body.writeIn).toMatchObject({ coming: 0, joined: 5 });
  });
});

describe("counting and leaving", () => {
  it("takes counts and leaving only from those who joined; a stranger finds nothing and a visitor must sign in", async () => {
    const c = await everyone();
    const { writeIn } = await schedule(c.owner, { circle: c.slug });
    setClock(startOf(writeIn) - 5 * MINUTE);
    for (const who of [c.moderator, c.owner]) await joined(who, writeIn.id);
    setClock(startOf(writeIn) + 2 * MINUTE);
    const want: Record<Who, Answer> = {
      visitor: [401, SIGN_IN],
      outsider: [404, M.notFound],
      member: [409, M.notJoined],
      moderator: [200],
      owner: [200],
      admin: [409, M.notJoined],
    };
    await expectAnswers((who) => count(c.as[who], writeIn.id, 40), want);
    await expectAnswers((who) => call(c.as[who], "POST", `/api/write-ins/${writeIn.id}/leave`, { words: 45 }), want);
  });

  it("shuts a member removed from the circle out of its write-in: no more counts, no panel", async () => {
    const c = await everyone();
    const { writeIn } = await schedule(c.owner, { circle: c.slug });
    setClock(startOf(writeIn) - 5 * MINUTE);
    await joined(c.member, writeIn.id);
    setClock(startOf(writeIn) + MINUTE);
    expect((await count(c.member, writeIn.id, 10)).status).toBe(200);
    expect((await call(c.owner, "DELETE", `/api/circles/${c.slug}/members/${c.member.id}`)).status).toBe(200);
    clockStep();
    for (const res of [await count(c.member, writeIn.id, 20), await call(c.member, "GET", `/api/write-ins/${writeIn.id}/panel`), await panelStream(c.member, writeIn.id), await detail(c.member, writeIn.id)]) {
      expect([res.status, res.body?.message]).toEqual([404, M.notFound]);
    }
  });
});

describe("cancelling", () => {
  it("lets only the circle's owner and moderators cancel its write-in, and a refusal leaves it scheduled", async () => {
    const c = await everyone();
    const made: Partial<Record<Who, WriteInSummary>> = {};
    await expectAnswers(
      async (who) => {
        const { writeIn } = await schedule(c.owner, { circle: c.slug });
        made[who] = writeIn;
        return call(c.as[who], "DELETE", `/api/write-ins/${writeIn.id}`);
      },
      { visitor: [401, SIGN_IN], outsider: [404, M.notFound], member: [403, CIRCLE_MESSAGES.notModerator], moderator: [200], owner: [200], admin: [403, CIRCLE_MESSAGES.notModerator] },
    );
    for (const who of WHO) expect([who, (await detail(c.owner, made[who]!.id)).body.writeIn.state]).toEqual([who, who === "moderator" || who === "owner" ? "canceled" : "upcoming"]);
    const upcoming = await call<WriteInList>(c.member, "GET", `/api/write-ins?circle=${c.slug}`);
    expect(upcoming.body.items.map((w) => w.id).sort()).toEqual([made.visitor, made.outsider, made.member, made.admin].map((w) => w!.id).sort());
    // A canceled write-in takes no RSVP and no join.
    setClock(startOf(made.owner!) - 5 * MINUTE);
    for (const res of [await call(c.member, "PUT", `/api/write-ins/${made.owner!.id}/rsvp`), await call(c.member, "POST", `/api/write-ins/${made.owner!.id}/join`, {})]) {
      expect([res.status, res.body?.message]).toEqual([410, M.canceled]);
    }
  });

  it("lets only site admins cancel the community's write-in", async () => {
    const c = await everyone();
    await expectAnswers(
      async (who) => call(c.as[who], "DELETE", `/api/write-ins/${(await schedule(c.admin)).writeIn.id}`),
      { visitor: [401, SIGN_IN], outsider: [403, M.notAdmin], member: [403, M.notAdmin], moderator: [403, M.notAdmin], owner: [403, M.notAdmin], admin: [200] },
    );
  });

  it("refuses to cancel a write-in once it has started (409), for the circle's and the community's", async () => {
    const c = await everyone();
    const ours = (await schedule(c.owner, { circle: c.slug })).writeIn;
    const community = (await schedule(c.admin)).writeIn;
    setClock(startOf(ours) + 1000);
    for (const [who, w] of [[c.owner, ours], [c.moderator, ours], [c.admin, community]] as const) {
      const res = await call(who, "DELETE", `/api/write-ins/${w.id}`);
      expect([res.status, res.body?.message]).toEqual([409, M.started]);
      expect((await detail(who, w.id)).body.writeIn.state).toBe("live");
    }
    // During the countdown it may still be canceled.
    const later = (await schedule(c.owner, { circle: c.slug })).writeIn;
    setClock(startOf(later) - MINUTE);
    expect((await call(c.moderator, "DELETE", `/api/write-ins/${later.id}`)).status).toBe(200);
  });

  it("cancels a weekly write-in's chosen week and the following ones, and keeps the earlier weeks", async () => {
    const c = await everyone();
    const { writeIn, next } = await schedule(c.owner, { circle: c.slug, repeat: "weekly" });
    const weeks = (await call<WriteInList>(c.owner, "GET", `/api/write-ins?circle=${c.slug}`)).body.items;
    expect(weeks.map((w) => w.startsAt)).toEqual([writeIn.startsAt, ...next]);
    expect((await call(c.moderator, "DELETE", `/api/write-ins/${weeks[2]!.id}?scope=following`)).status).toBe(200);
    const left = (await call<WriteInList>(c.owner, "GET", `/api/write-ins?circle=${c.slug}`)).body.items;
    expect(left.map((w) => w.id)).toEqual([weeks[0]!.id, weeks[1]!.id]);
    expect((await call(c.moderator, "DELETE", `/api/write-ins/${weeks[0]!.id}`)).status).toBe(200);
    expect((await call<WriteInList>(c.owner, "GET", `/api/write-ins?circle=${c.slug}`)).body.items.map((w) => w.id)).toEqual([weeks[1]!.id]);
  });
});
