import { describe, expect, it } from "vitest";
import type { ScheduledWriteIn } from "#shared/schemas/write-ins.ts";
import { call, circleWithRoles, confirmedWriter, t, useCirclesApp, type Caller } from "../circles/test-helpers.ts";

/* GET /api/write-ins/:id/calendar.ics (issue 30 item 1): a write-in added to a calendar, for those who may read it. */

useCirclesApp();

const HOUR = 60 * 60 * 1000;

async function schedule(who: Caller, circle: string | null, title: string) {
  const startsAt = new Date(t.deps.clock.now().getTime() + 26 * HOUR);
  startsAt.setUTCSeconds(0, 0);
  const res = await call<ScheduledWriteIn>(who, "POST", "/api/write-ins", { circle, title, startsAt: startsAt.toISOString(), lengthMinutes: 25 });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.writeIn.id, startsAt };
}

const ics = (who: Caller, id: string) => t.app.request(`/api/write-ins/${id}/calendar.ics`, { headers: who ? { cookie: who.cookie } : {} });
const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z");

describe("a write-in's .ics file", () => {
  it("is a calendar file of the community's write-in for anyone, in UTC, with its length and link", async () => {
    const admin = await confirmedWriter("Calendar Admin", { admin: true });
    const { id, startsAt } = await schedule(admin, null, "Saturday sprint, all welcome");
    const res = await ics(null, id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="write-in-${startsAt.toISOString().slice(0, 10)}.ics"`);
    const lines = (await res.text()).split("\r\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "BEGIN:VCALENDAR",
        `DTSTART:${stamp(startsAt)}`,
        `DTEND:${stamp(new Date(startsAt.getTime() + 25 * 60_000))}`,
        "SUMMARY:Saturday sprint\\, all welcome",
        "STATUS:CONFIRMED",
      ]),
    );
    expect(lines.find((l) => l.startsWith("UID:"))).toContain(id);
  });

  it("is a circle's for its members alone (titled with the circle's name); to anyone else there is no such write-in", async () => {
    const cast = await circleWithRoles("Tuesday Poets");
    const { id } = await schedule(cast.moderator, cast.circle.slug, "Week one");
    const mine = await ics(cast.member, id);
    expect(mine.status).toBe(200);
    expect((await mine.text()).split("\r\n")).toContain("SUMMARY:Tuesday Poets: Week one");
    for (const who of [cast.outsider, null]) expect((await ics(who, id)).status).toBe(404);
    expect((await ics(cast.member, "not-an-id")).status).toBe(404);
  });
});
