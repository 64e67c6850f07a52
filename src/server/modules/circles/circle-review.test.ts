import { describe, expect, it } from "vitest";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import type { CircleFeedPage, CircleProgress } from "#shared/schemas/circles.ts";
import type { NotificationList } from "#shared/schemas/notifications.ts";
import { SseReader } from "#tests/setup/sse-reader.ts";
import { call, circleWithRoles, confirmedWriter, published, t, useCirclesApp } from "./test-helpers.ts";

/*
 * What a hostile review of circles found (issue 29), each shown failing first: progress must not
 * unmask an Anonymous piece; a trash and restore must not undo a circle's hide; an admin's action on
 * a circle-only piece is not announced to everyone; dates off PostgreSQL's calendar are 422, not
 * 500; a removed member keeps no line of the circle.
 */

useCirclesApp();

describe("circles, after review", () => {
  it("progress counts no piece signed Anonymous or with an alias", async () => {
    const cast = await circleWithRoles();
    await published(cast.member, { community: false, circles: [cast.circle.id], signature: "anonymous", content: "Nobody must know these six words." });
    await published(cast.member, { community: true, signature: "anonymous", content: "Nor these." });
    const res = await call<CircleProgress>(cast.owner, "GET", `/api/circles/${cast.circle.slug}/progress`);
    expect(res.body.members.find((m) => m.userId === cast.member.id)).toMatchObject({ daysWritten: 0, piecesShared: 0, words: 0 });
  });

  it("a trash and restore does not bring a piece back into a circle that hid it", async () => {
    const cast = await circleWithRoles();
    const id = await published(cast.member, { community: false, circles: [cast.circle.id] });
    expect((await call(cast.moderator, "POST", `/api/circles/${cast.circle.slug}/pieces/${id}/hide`, { reason: "Off topic" })).status).toBe(200);
    expect((await call(cast.member, "DELETE", `/api/submissions/${id}`)).status).toBe(200);
    expect((await call(cast.member, "POST", `/api/me/trash/${id}/restore`)).status).toBe(200);
    const feed = await call<CircleFeedPage>(cast.owner, "GET", `/api/circles/${cast.circle.slug}/feed`);
    expect(feed.body.items.map((p) => p.id)).not.toContain(id);
    expect((await call(cast.owner, "GET", `/api/community/pieces/${id}`)).status).toBe(404);
  });

  it("an admin hiding a circle-only piece tells no visitor's live feed", async () => {
    const cast = await circleWithRoles();
    const admin = await confirmedWriter("Review Admin", { admin: true });
    const id = await published(cast.member, { community: false, circles: [cast.circle.id] });
    const visitors = new SseReader(await t.request("/api/events", { cookie: null }));
    await visitors.next((m) => m.event === "ready");
    expect((await call(admin, "POST", `/api/admin/moderation/piece/${id}/hide`, { reason: "Spam" })).status).toBe(200);
    const open = await published(cast.owner, { community: true });
    await visitors.next((m) => m.event === "piece:published" && JSON.parse(m.data).id === open);
    expect(visitors.seen.filter((m) => m.data.includes(id))).toEqual([]);
    await visitors.close();
  });

  it("answers 422 to weeks and days off PostgreSQL's calendar", async () => {
    const cast = await circleWithRoles();
    for (const week of ["0001-01-01", "9999-12-31"]) {
      for (const path of ["progress", "prompts"]) {
        const res = await call(cast.owner, "GET", `/api/circles/${cast.circle.slug}/${path}?week=${week}`);
        expect([path, week, res.status, res.body.message]).toEqual([path, week, 422, CIRCLE_MESSAGES.badWeek]);
      }
    }
    const day = await call(cast.owner, "PUT", `/api/circles/${cast.circle.slug}/prompts/0000-06-01`, { text: "Too early" });
    expect([day.status, day.body.message]).toEqual([422, CIRCLE_MESSAGES.badDate]);
  });

  it("a removed member keeps no notification of the circle", async () => {
    const cast = await circleWithRoles();
    await published(cast.owner, { community: false, circles: [cast.circle.id] });
    const before = (await call<NotificationList>(cast.member, "GET", "/api/notifications")).body.items;
    expect(before.some((n) => n.circleSlug === cast.circle.slug)).toBe(true);
    expect((await call(cast.moderator, "DELETE", `/api/circles/${cast.circle.slug}/members/${cast.member.id}`)).status).toBe(200);
    const after = (await call<NotificationList>(cast.member, "GET", "/api/notifications")).body.items;
    expect(after.filter((n) => n.circleSlug === cast.circle.slug)).toEqual([]);
  });
});
