import { describe, expect, it } from "vitest";
import type { NotificationList } from "#shared/schemas/notifications.ts";
import type { ScheduledWriteIn } from "#shared/schemas/write-ins.ts";
import { runScheduledNow } from "#server/jobs/registry.ts";
import { call, circleWithRoles, confirmedWriter, t, useCirclesApp, type Caller } from "../circles/test-helpers.ts";

/* "Starts in 10 minutes" (issue 30 item 1): the bell of those who said they are coming, once. */

useCirclesApp();

const MINUTE = 60_000;

async function schedule(who: Caller, circle: string | null, title: string, inMinutes: number) {
  const startsAt = new Date(t.deps.clock.now().getTime() + inMinutes * MINUTE);
  const res = await call<ScheduledWriteIn>(who, "POST", "/api/write-ins", { circle, title, startsAt: startsAt.toISOString(), lengthMinutes: 15 });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.writeIn.id;
}

const bell = async (who: Caller) => (await call<NotificationList>(who, "GET", "/api/notifications")).body.items.filter((n) => n.kind === "write_in_soon");

describe("a write-in's reminder", () => {
  it("rings once, 10 minutes before, for those coming only, and leads to the write-in", async () => {
    const admin = await confirmedWriter("Reminder Admin", { admin: true });
    const [coming, notComing, changedMind] = await Promise.all([confirmedWriter(), confirmedWriter(), confirmedWriter()]);
    const id = await schedule(admin, null, "Dawn pages", 60);
    const canceled = await schedule(admin, null, "Never mind", 60);
    for (const who of [coming, changedMind]) expect((await call(who, "PUT", `/api/write-ins/${id}/rsvp`)).status).toBe(200);
    expect((await call(coming, "PUT", `/api/write-ins/${canceled}/rsvp`)).status).toBe(200);
    expect((await call(changedMind, "DELETE", `/api/write-ins/${id}/rsvp`)).status).toBe(200);
    expect((await call(admin, "DELETE", `/api/write-ins/${canceled}`)).status).toBe(200);

    // 11 minutes before: not yet.
    t.deps.testClock!.advance(49 * MINUTE);
    await runScheduledNow(t.deps);
    expect(await bell(coming)).toEqual([]);
    // 10 minutes before: once, however many ticks follow.
    t.deps.testClock!.advance(MINUTE + 1000);
    await runScheduledNow(t.deps);
    t.deps.testClock!.advance(MINUTE);
    await runScheduledNow(t.deps);
    const rung = await bell(coming);
    expect(rung).toHaveLength(1);
    expect(rung[0]).toMatchObject({ message: "'Dawn pages' starts in 10 minutes", writeInId: id, circleSlug: null, read: false });
    for (const who of [notComing, changedMind, admin]) expect(await bell(who)).toEqual([]);
  });

  it("rings in a circle for members coming who have not muted it", async () => {
    const cast = await circleWithRoles();
    const id = await schedule(cast.moderator, cast.circle.slug, "Class sprint", 30);
    for (const who of [cast.member, cast.owner]) expect((await call(who, "PUT", `/api/write-ins/${id}/rsvp`)).status).toBe(200);
    expect((await call(cast.owner, "PUT", `/api/circles/${cast.circle.slug}/mute`, { muted: true })).status).toBe(200);
    t.deps.testClock!.advance(21 * MINUTE);
    await runScheduledNow(t.deps);
    expect((await bell(cast.member)).map((n) => n.writeInId)).toEqual([id]);
    expect(await bell(cast.owner)).toEqual([]);
  });
});
