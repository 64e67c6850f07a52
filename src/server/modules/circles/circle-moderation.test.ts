import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import type { CircleFeedPage, HiddenCirclePieces } from "#shared/schemas/circles.ts";
import type { NotificationList } from "#shared/schemas/notifications.ts";
import { auditLog } from "#server/db/schema/index.ts";
import { call, circleWithRoles, published, t, useCirclesApp } from "./test-helpers.ts";

/* Moderation inside a circle (issue 29 item 7): hide and show a piece in the circle, hide a comment, report, on the site's record. */

useCirclesApp();

describe("a circle's moderators", () => {
  it("hide a piece from the circle (the writer is told why, the site's log records it) and show it again", async () => {
    const cast = await circleWithRoles();
    const id = await published(cast.member, { community: false, circles: [cast.circle.id] });
    const path = `/api/circles/${cast.circle.slug}/pieces/${id}/hide`;
    // A member cannot; an outsider hears nothing of the circle.
    expect((await call(cast.owner, "POST", `/api/circles/${cast.circle.slug}/pieces/${crypto.randomUUID()}/hide`, { reason: "x" })).body.message).toBe(CIRCLE_MESSAGES.pieceNotInCircle);
    expect((await call(cast.member, "POST", path, { reason: "Off topic" })).status).toBe(403);
    expect((await call(cast.outsider, "POST", path, { reason: "Off topic" })).status).toBe(404);
    expect((await call(cast.moderator, "POST", path, { reason: "" })).status).toBe(422);

    const hidden = await call<{ outcome: string }>(cast.moderator, "POST", path, { reason: "Off topic" });
    expect(hidden.body.outcome).toBe("hidden");
    expect((await call(cast.owner, "GET", `/api/community/pieces/${id}`)).status).toBe(404);
    const feed = (await call<CircleFeedPage>(cast.owner, "GET", `/api/circles/${cast.circle.slug}/feed`)).body.items;
    expect(feed.map((p) => p.id)).not.toContain(id);
    // Its writer still reads it on their own piece page, and is told (by no one's name).
    expect((await call(cast.member, "GET", `/api/submissions/${id}`)).status).toBe(200);
    const told = (await call<NotificationList>(cast.member, "GET", "/api/notifications")).body.items.find((n) => n.kind === "moderation");
    expect(told?.message).toMatch(/was hidden by a moderator\. Reason: Off topic$/);
    expect(JSON.stringify(told)).not.toContain(cast.moderator.name);
    const list = await call<HiddenCirclePieces>(cast.owner, "GET", `/api/circles/${cast.circle.slug}/hidden`);
    expect(list.body.items.map((p) => [p.id, p.reason])).toEqual([[id, "Off topic"]]);
    expect((await call(cast.member, "GET", `/api/circles/${cast.circle.slug}/hidden`)).status).toBe(403);
    const [audit] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.itemId, id), eq(auditLog.action, "hide")));
    expect(audit).toMatchObject({ adminId: cast.moderator.id, circleId: cast.circle.id, reason: "Off topic", subjectWriterId: cast.member.id });

    expect((await call<{ outcome: string }>(cast.owner, "DELETE", path)).body.outcome).toBe("restored");
    expect((await call(cast.owner, "GET", `/api/community/pieces/${id}`)).status).toBe(200);
  });

  it("hide a comment on a piece of their circle alone, and not on a piece the community reads", async () => {
    const cast = await circleWithRoles();
    const inCircle = await published(cast.owner, { community: false, circles: [cast.circle.id] });
    const both = await published(cast.owner, { community: true, circles: [cast.circle.id] });
    const comment = async (piece: string) => (await call<{ comment: { id: string } }>(cast.member, "POST", `/api/community/pieces/${piece}/comments`, { content: "Rude words" })).body.comment.id;
    const [c1, c2] = [await comment(inCircle), await comment(both)];
    const hide = (id: string) => call<{ outcome: string }>(cast.moderator, "POST", `/api/circles/${cast.circle.slug}/comments/${id}/hide`, { reason: "Be kind" });
    expect((await hide(c1)).body.outcome).toBe("hidden");
    const listed = await call<{ comments: { id: string }[] }>(cast.outsider, "GET", `/api/community/pieces/${inCircle}/comments`);
    expect(listed.status).toBe(404);
    const seen = await call<{ comments: { id: string }[] }>(cast.owner, "GET", `/api/community/pieces/${inCircle}/comments`);
    expect(seen.body.comments.map((c) => c.id)).not.toContain(c1);
    const refused = await hide(c2);
    expect([refused.status, refused.body.message]).toEqual([404, CIRCLE_MESSAGES.commentNotInCircle]);
  });

  it("members report a circle piece to the site's moderators; an outsider cannot", async () => {
    const cast = await circleWithRoles();
    const id = await published(cast.owner, { community: false, circles: [cast.circle.id] });
    const report = (who: typeof cast.member) => call(who, "POST", "/api/reports", { itemKind: "piece", itemId: id, reason: "spam" });
    expect((await report(cast.outsider)).status).toBe(404);
    expect((await report(cast.member)).status).toBe(201);
  });
});
