import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { WRITE_IN_MESSAGES as M } from "#shared/domain/write-ins.ts";
import type { WriteInList, WriteInSummary } from "#shared/schemas/write-ins.ts";
import { writeIns } from "#server/db/schema/index.ts";
import { call, circleWithRoles, confirmedWriter, DAY_MS, MINUTE, now, schedule, setClock, startIn, startOf, t, useWriteInsApp, writeInBody, type Caller } from "./test-helpers.ts";

/*
 * Scheduling's checks and write-in lists (issue 30 item 1): what a schedule may ask, weekly
 * write-ins at the same wall time across daylight saving, the per-circle limit, the lists
 * (upcoming soonest first, past latest first, keyset pages of 20) and saying one is coming.
 * Tests that read the community's upcoming list first move the clock to a year of their own, so
 * the write-ins other tests made have ended.
 */

useWriteInsApp();

const HOUR = 60 * MINUTE;
const list = (who: Caller, query = "") => call<WriteInList>(who, "GET", `/api/write-ins${query}`);

/** Every page of a list, following nextCursor; each page at most 20. */
async function allPages(who: Caller, query: string): Promise<{ pages: number[]; items: WriteInSummary[] }> {
  const pages: number[] = [];
  const items: WriteInSummary[] = [];
  let cursor: string | null = null;
  do {
    const res = await list(who, `${query}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res.body.items.length);
    items.push(...res.body.items);
    cursor = res.body.nextCursor;
  } while (cursor && pages.length < 10);
  return { pages, items };
}

const byStart = (a: WriteInSummary, b: WriteInSummary) => startOf(a) - startOf(b) || (a.id < b.id ? -1 : 1);

describe("scheduling's checks", () => {
  it("refuses a schedule that cannot be kept, in the form's words, and stores nothing", async () => {
    const cast = await circleWithRoles();
    const admin = await confirmedWriter("Checks Admin", { admin: true });
    const circle = cast.circle.slug;
    for (const [who, extra, message] of [
      [cast.owner, { circle, startsAt: startIn(-MINUTE) }, "Choose a start time in the future"],
      [cast.owner, { circle, lengthMinutes: 9 }, "Choose a length from 10 to 60 minutes"],
      [cast.owner, { circle, lengthMinutes: 61 }, "Choose a length from 10 to 60 minutes"],
      [cast.owner, { circle, lengthMinutes: 15.5 }, M.badLength],
      [cast.owner, { circle, startsAt: startIn(90 * DAY_MS + HOUR) }, M.startTooFar],
      [admin, { promptMode: "circle" }, M.circlePromptOutside],
      [cast.owner, { circle, title: "   " }, M.titleRequired],
      [cast.owner, { circle, title: "x".repeat(81) }, M.titleTooLong],
      [cast.owner, { circle, startsAt: "next Tuesday" }, M.badStart],
      [cast.owner, { circle, timeZone: "Mars/Olympus" }, "Unknown time zone"],
    ] as const) {
      const res = await call(who, "POST", "/api/write-ins", writeInBody(extra));
      expect([JSON.stringify(extra), res.status, res.body?.message]).toEqual([JSON.stringify(extra), 422, message]);
    }
    const stored = await t.deps.db.select({ id: writeIns.id }).from(writeIns).where(inArray(writeIns.createdBy, [cast.owner.id, admin.id]));
    expect(stored).toEqual([]);
    // The edges are taken: 10 and 60 minutes, a start 89 days ahead, the circle's prompt in a circle.
    for (const extra of [{ lengthMinutes: 10 }, { lengthMinutes: 60 }, { startsAt: startIn(89 * DAY_MS) }, { promptMode: "circle" }]) {
      const { writeIn } = await schedule(cast.owner, { circle, ...extra });
      expect(writeIn).toMatchObject({ ...extra, repeat: "none", state: "upcoming", coming: 0, joined: 0, canManage: true });
    }
  });

  it("repeats a weekly write-in 8 times at the same wall time in the scheduler's zone, across the spring change", async () => {
    const cast = await circleWithRoles();
    setClock(Date.parse("2031-03-01T09:00:00Z"));
    // Wednesday 19:30 in Paris: 18:30 UTC in winter, 17:30 UTC from Sunday 30 March.
    const { writeIn, next } = await schedule(cast.owner, { circle: cast.circle.slug, startsAt: "2031-03-19T19:30:00+01:00", timeZone: "Europe/Paris", repeat: "weekly", lengthMinutes: 45 });
    const summer = ["2031-04-02", "2031-04-09", "2031-04-16", "2031-04-23", "2031-04-30", "2031-05-07"].map((d) => `${d}T17:30:00.000Z`);
    expect([writeIn.startsAt, ...next]).toEqual(["2031-03-19T18:30:00.000Z", "2031-03-26T18:30:00.000Z", ...summer]);
    const weeks = (await list(cast.member, `?circle=${cast.circle.slug}`)).body.items;
    expect(weeks.map((w) => w.startsAt)).toEqual([writeIn.startsAt, ...next]);
    expect(new Set(weeks.map((w) => w.seriesId))).toEqual(new Set([writeIn.seriesId]));
    expect(new Set(weeks.map((w) => w.id)).size).toBe(8);
    for (const w of weeks) expect([w.repeat, w.lengthMinutes, Date.parse(w.endsAt) - startOf(w)]).toEqual(["weekly", 45, 45 * MINUTE]);
  });

  it("keeps a weekly write-in at 07:00 in Paris when the clocks go back in October", async () => {
    const admin = await confirmedWriter("Autumn Admin", { admin: true });
    setClock(Date.parse("2031-10-01T09:00:00Z"));
    const { writeIn, next } = await schedule(admin, { startsAt: "2031-10-16T05:00:00Z", timeZone: "Europe/Paris", repeat: "weekly" });
    const winter = ["10-30", "11-06", "11-13", "11-20", "11-27", "12-04"].map((d) => `2031-${d}T06:00:00.000Z`);
    expect([writeIn.startsAt, ...next]).toEqual(["2031-10-16T05:00:00.000Z", "2031-10-23T05:00:00.000Z", ...winter]);
  });

  it("holds a circle to 20 scheduled write-ins, a weekly one counting 8; canceled and ended ones make room", async () => {
    const cast = await circleWithRoles();
    const circle = cast.circle.slug;
    await schedule(cast.owner, { circle, repeat: "weekly", startsAt: startIn(DAY_MS) });
    await schedule(cast.moderator, { circle, repeat: "weekly", startsAt: startIn(2 * DAY_MS) });
    // 16 scheduled: a third weekly does not fit, four single ones do.
    const weekly = await call(cast.owner, "POST", "/api/write-ins", writeInBody({ circle, repeat: "weekly" }));
    expect([weekly.status, weekly.body?.code]).toEqual([422, "too_many_write_ins"]);
    const singles: WriteInSummary[] = [];
    for (let i = 0; i < 4; i++) singles.push((await schedule(cast.owner, { circle, startsAt: startIn(HOUR) })).writeIn);
    const full = await call(cast.moderator, "POST", "/api/write-ins", writeInBody({ circle }));
    expect([full.status, full.body?.code, full.body?.message]).toEqual([422, "too_many_write_ins", M.tooManyCircle(20)]);
    expect(full.body?.message).toBe("A circle can have 20 write-ins scheduled at once (a weekly one counts each week). Cancel some before adding more.");
    // Another circle, and the community, are not held by this one's limit.
    const other = await circleWithRoles();
    await schedule(other.owner, { circle: other.circle.slug });
    expect((await call(cast.owner, "DELETE", `/api/write-ins/${singles[0]!.id}`)).status).toBe(200);
    singles.push((await schedule(cast.owner, { circle })).writeIn);
    expect((await call(cast.owner, "POST", "/api/write-ins", writeInBody({ circle }))).status).toBe(422);
    // Once the single ones have ended, their four places are free again.
    setClock(Math.max(...singles.map((w) => Date.parse(w.endsAt))) + MINUTE);
    for (let i = 0; i < 4; i++) await schedule(cast.owner, { circle, startsAt: startIn(HOUR) });
    expect((await call(cast.owner, "POST", "/api/write-ins", writeInBody({ circle }))).status).toBe(422);
  });
});

describe("lists", () => {
  it("lists the community's and my circles' upcoming write-ins soonest first, in pages of 20, and not another circle's", async () => {
    setClock(Date.parse("2033-01-05T12:00:00Z"));
    const mine = await circleWithRoles();
    const theirs = await circleWithRoles();
    const admin = await confirmedWriter("List Admin", { admin: true });
    const circle = mine.circle.slug;
    const at = (hours: number) => new Date(Math.ceil(now() / HOUR) * HOUR + hours * HOUR).toISOString();
    const community: WriteInSummary[] = [];
    // Some start together, so the pages' order must break ties.
    for (const h of [2, 2, 5, 30, 30, 200]) community.push((await schedule(admin, { startsAt: at(h) })).writeIn);
    await schedule(mine.owner, { circle, repeat: "weekly", startsAt: at(2) });
    await schedule(mine.moderator, { circle, repeat: "weekly", startsAt: at(30) });
    for (const h of [2, 5, 5, 31]) await schedule(mine.owner, { circle, startsAt: at(h) });
    const hidden = (await schedule(theirs.owner, { circle: theirs.circle.slug, startsAt: at(2) })).writeIn;

    const circleItems = (await list(mine.member, `?circle=${circle}`)).body.items;
    expect(circleItems).toHaveLength(20);
    const expected = [...community, ...circleItems].sort(byStart).map((w) => w.id);
    const seen = await allPages(mine.member, "?when=upcoming");
    expect(seen.pages).toEqual([20, 6]);
    expect(seen.items.map((w) => w.id)).toEqual(expected);
    expect(seen.items.map((w) => w.id)).not.toContain(hidden.id);
    // The other circle's member sees the community's and theirs; a visitor the community's.
    const theirList = await allPages(theirs.member, "?");
    expect(theirList.items.map((w) => w.id)).toEqual([...community, hidden].sort(byStart).map((w) => w.id));
    expect((await allPages(null, "?")).items.map((w) => w.id)).toEqual([...community].sort(byStart).map((w) => w.id));
    // A canceled write-in leaves the upcoming list.
    expect((await call(admin, "DELETE", `/api/write-ins/${community[5]!.id}`)).status).toBe(200);
    expect((await list(null)).body.items.map((w) => w.id)).not.toContain(community[5]!.id);
  });

  it("lists a circle's past write-ins latest first, in pages of 20", async () => {
    setClock(Date.parse("2034-02-01T08:00:00Z"));
    const cast = await circleWithRoles();
    const circle = cast.circle.slug;
    const made: WriteInSummary[] = [];
    for (let i = 0; i < 20; i++) made.push((await schedule(cast.owner, { circle, startsAt: startIn((1 + (i % 7)) * HOUR), lengthMinutes: 10 + i })).writeIn);
    setClock(Math.max(...made.map((w) => Date.parse(w.endsAt))) + MINUTE);
    for (let i = 0; i < 5; i++) made.push((await schedule(cast.moderator, { circle, startsAt: startIn(HOUR + i * 10 * MINUTE) })).writeIn);
    expect((await list(cast.member, `?circle=${circle}&when=past`)).body.items).toHaveLength(20);
    setClock(Math.max(...made.map((w) => Date.parse(w.endsAt))));
    const past = await allPages(cast.member, `?circle=${circle}&when=past`);
    expect(past.pages).toEqual([20, 5]);
    expect(past.items.map((w) => w.id)).toEqual([...made].sort(byStart).reverse().map((w) => w.id));
    expect(new Set(past.items.map((w) => w.state))).toEqual(new Set(["ended"]));
    expect((await list(cast.member, `?circle=${circle}`)).body).toEqual({ items: [], nextCursor: null });
  });

  it("answers a cursor this server did not write 422 'This list has changed. Reload the page.'", async () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    for (const cursor of ["abc", b64({ t: "2031-13-01T00:00:00Z", id: crypto.randomUUID() }), b64({ t: "2031-01-01T00:00:00Z", id: "1; drop table write_ins" }), b64([1, 2]), "x".repeat(201)]) {
      const res = await list(null, `?when=past&cursor=${cursor}`);
      expect([cursor, res.status, res.body?.message]).toEqual([cursor, 422, "This list has changed. Reload the page."]);
    }
  });
});

describe("saying you are coming", () => {
  it("counts who is coming and tells each writer whether they said so; joining moves them from coming to joined", async () => {
    const cast = await circleWithRoles();
    const { writeIn } = await schedule(cast.owner, { circle: cast.circle.slug });
    const rsvp = (who: Caller, method: "PUT" | "DELETE") => call<WriteInSummary>(who, method, `/api/write-ins/${writeIn.id}/rsvp`);
    expect((await rsvp(cast.member, "PUT")).body).toMatchObject({ id: writeIn.id, coming: 1, myRsvp: true });
    expect((await rsvp(cast.member, "PUT")).body).toMatchObject({ coming: 1, myRsvp: true });
    expect((await rsvp(cast.moderator, "PUT")).body).toMatchObject({ coming: 2, myRsvp: true });
    const forOwner = (await list(cast.owner, `?circle=${cast.circle.slug}`)).body.items[0];
    expect(forOwner).toMatchObject({ id: writeIn.id, coming: 2, myRsvp: false });
    expect((await rsvp(cast.member, "DELETE")).body).toMatchObject({ coming: 1, myRsvp: false });
    expect((await rsvp(cast.member, "DELETE")).body).toMatchObject({ coming: 1, myRsvp: false });
    expect((await list(cast.member)).body.items.find((w) => w.id === writeIn.id)).toMatchObject({ coming: 1, myRsvp: false });

    setClock(startOf(writeIn) - 5 * MINUTE);
    expect((await call(cast.moderator, "POST", `/api/write-ins/${writeIn.id}/join`, {})).body).toMatchObject({ writeIn: { coming: 0, joined: 1, myRsvp: false, joinedByMe: true } });
    // Once it has started, coming or not is no longer asked.
    setClock(startOf(writeIn));
    for (const method of ["PUT", "DELETE"] as const) {
      const res = await rsvp(cast.member, method);
      expect([method, res.status, res.body?.message]).toEqual([method, 409, M.started]);
    }
  });
});
