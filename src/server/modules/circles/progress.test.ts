import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "#server/db/schema/index.ts";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import type { CircleProgress } from "#shared/schemas/circles.ts";
import { call, circleWithRoles, published, t, useCirclesApp } from "./test-helpers.ts";

/* Progress for the teacher (issue 29 item 6): counts per member for a week, to moderators only, and as CSV. */

useCirclesApp();

describe("GET /api/circles/:slug/progress", () => {
  it("counts each member's days, shared pieces and words of the week, and never a text", async () => {
    const cast = await circleWithRoles();
    const secret = "A private sentence the teacher must never read";
    await published(cast.member, { community: false, circles: [cast.circle.id], content: "Shared with the circle, five words." });
    await published(cast.member, { action: "save", content: secret });
    await published(cast.member, { community: true, content: "For the community only here." });

    const res = await call<CircleProgress>(cast.owner, "GET", `/api/circles/${cast.circle.slug}/progress`);
    expect(res.status).toBe(200);
    const member = res.body.members.find((m) => m.userId === cast.member.id)!;
    expect(member).toMatchObject({ daysWritten: 1, piecesShared: 1, words: 6 + 8 + 5, currentStreak: 1 });
    const moderator = res.body.members.find((m) => m.userId === cast.moderator.id)!;
    expect(moderator).toMatchObject({ daysWritten: 0, piecesShared: 0, words: 0, role: "moderator" });
    expect(JSON.stringify(res.body)).not.toContain("private sentence");
    expect(res.body.members).toHaveLength(3);

    // The moderator sees the same; another week is empty.
    expect((await call<CircleProgress>(cast.moderator, "GET", `/api/circles/${cast.circle.slug}/progress`)).body).toEqual(res.body);
    const before = await call<CircleProgress>(cast.owner, "GET", `/api/circles/${cast.circle.slug}/progress?week=2001-01-03`);
    expect(before.body.weekStart).toBe("2000-12-31");
    expect(before.body.weekEnd).toBe("2001-01-06");
    expect(before.body.members.every((m) => m.daysWritten === 0 && m.words === 0)).toBe(true);
  });

  it("is for moderators: a member hears 403, anyone else 404; a bad week is a 422", async () => {
    const cast = await circleWithRoles();
    const path = `/api/circles/${cast.circle.slug}/progress`;
    const asMember = await call(cast.member, "GET", path);
    expect(asMember.status).toBe(403);
    expect(asMember.body.message).toBe(CIRCLE_MESSAGES.notModerator);
    expect((await call(cast.outsider, "GET", path)).status).toBe(404);
    expect((await call(cast.member, "GET", `${path}.csv`)).status).toBe(403);
    const bad = await call(cast.owner, "GET", `${path}?week=2026-13-01`);
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe(CIRCLE_MESSAGES.badWeek);
  });

  it("downloads the week as CSV, with a writer's name made harmless to a spreadsheet", async () => {
    const cast = await circleWithRoles();
    await t.deps.db.update(users).set({ name: "=HYPERLINK(1)" }).where(eq(users.id, cast.member.id));
    const res = await t.request(`/api/circles/${cast.circle.slug}/progress.csv`, { cookie: cast.owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="circle-progress-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe('"Member","Role","Week starting","Days written","Pieces shared with the circle","Words","Current streak"');
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.includes("HYPERLINK"))).toMatch(/^"'=HYPERLINK\(1\)","member",/);
  });
});
