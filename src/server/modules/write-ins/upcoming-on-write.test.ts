import { describe, expect, it } from "vitest";
import { WRITE_IN_MESSAGES as M } from "#shared/domain/write-ins.ts";
import type { WriteInList, WriteInSummary } from "#shared/schemas/write-ins.ts";
import { call, circleWithRoles, confirmedWriter, MINUTE, now, schedule, setClock, startOf, useWriteInsApp, type Caller } from "./test-helpers.ts";

/*
 * The writing page's notice of write-ins coming up (issue 30 item 1) asks GET /api/write-ins for
 * the next few: `limit` (1 to 20, 20 unless asked) cuts each source's read and the page, soonest
 * first, with a cursor to the rest; a circle's write-in reaches only its members. Each test moves
 * the clock to a year of its own, so write-ins other tests made have ended.
 */

useWriteInsApp();

const HOUR = 60 * MINUTE;
const next = (who: Caller, query: string) => call<WriteInList>(who, "GET", `/api/write-ins${query}`);
const ids = (items: Pick<WriteInSummary, "id">[]) => items.map((w) => w.id);
const byStart = (a: WriteInSummary, b: WriteInSummary) => startOf(a) - startOf(b) || (a.id < b.id ? -1 : 1);

describe("the next few write-ins (?limit=)", () => {
  it("gives the soonest `limit` of the community's and my circles', live ones first, with a cursor to the rest", async () => {
    setClock(Date.parse("2038-03-03T12:00:00Z"));
    const cast = await circleWithRoles();
    const admin = await confirmedWriter("Next Admin", { admin: true });
    const at = (minutes: number) => new Date(Math.ceil(now() / HOUR) * HOUR + minutes * MINUTE).toISOString();
    const live = (await schedule(admin, { title: "Already going", startsAt: at(10) })).writeIn;
    const circleSoon = (await schedule(cast.moderator, { circle: cast.circle.slug, title: "Circle soon", startsAt: at(40) })).writeIn;
    const communityLater = (await schedule(admin, { title: "Community later", startsAt: at(3 * 60) })).writeIn;
    const circleLater = (await schedule(cast.owner, { circle: cast.circle.slug, title: "Circle later", startsAt: at(2 * 24 * 60) })).writeIn;
    setClock(startOf(live) + 5 * MINUTE);

    const first = await next(cast.member, "?when=upcoming&limit=2");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(ids(first.body.items)).toEqual([live.id, circleSoon.id]);
    expect(first.body.items.map((w) => [w.title, w.state, w.circle?.name ?? null])).toEqual([
      ["Already going", "live", null],
      ["Circle soon", "upcoming", cast.circle.name],
    ]);
    expect(first.body.nextCursor).not.toBeNull();
    const rest = await next(cast.member, `?when=upcoming&limit=2&cursor=${first.body.nextCursor}`);
    expect(ids(rest.body.items)).toEqual([communityLater.id, circleLater.id]);
    expect(rest.body.nextCursor).toBeNull();
    // One at a time, and the whole list (20 unless asked) the same.
    expect(ids((await next(cast.member, "?limit=1")).body.items)).toEqual([live.id]);
    expect(ids((await next(cast.member, "?limit=20")).body.items)).toEqual(ids([live, circleSoon, communityLater, circleLater].sort(byStart)));
    expect(ids((await next(cast.member, "")).body.items)).toEqual(ids((await next(cast.member, "?limit=20")).body.items));
  });

  it("shows a circle's write-in only to its members: not to a writer outside it, a site admin outside it, or a visitor", async () => {
    setClock(Date.parse("2039-04-04T12:00:00Z"));
    const cast = await circleWithRoles();
    const admin = await confirmedWriter("Next Outside Admin", { admin: true });
    const at = (minutes: number) => new Date(Math.ceil(now() / HOUR) * HOUR + minutes * MINUTE).toISOString();
    const secret = (await schedule(cast.owner, { circle: cast.circle.slug, title: "Members only", startsAt: at(30) })).writeIn;
    const community = (await schedule(admin, { title: "Everyone", startsAt: at(90) })).writeIn;

    for (const member of [cast.owner, cast.moderator, cast.member]) {
      expect(ids((await next(member, "?limit=2")).body.items)).toEqual([secret.id, community.id]);
    }
    for (const outside of [cast.outsider, admin, null]) {
      const res = await next(outside, "?limit=2");
      expect(res.status).toBe(200);
      expect(ids(res.body.items)).toEqual([community.id]);
      expect(JSON.stringify(res.body)).not.toContain("Members only");
    }
    // A writer who leaves the circle no longer sees it.
    expect((await call(cast.member, "DELETE", `/api/circles/${cast.circle.slug}/members/${cast.member.id}`)).status).toBe(200);
    expect(ids((await next(cast.member, "?limit=2")).body.items)).toEqual([community.id]);
  });

  it("answers a limit outside 1 to 20 422 'Ask for 1 to 20 write-ins at a time'", async () => {
    for (const limit of ["0", "21", "-1", "2.5", "two", "1e9", ""]) {
      const res = await next(null, `?limit=${limit}`);
      expect([limit, res.status, res.body.message]).toEqual([limit, 422, M.badLimit]);
    }
  });
});
