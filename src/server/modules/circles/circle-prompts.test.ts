import { describe, expect, it } from "vitest";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import { localDate } from "#shared/domain/dates.ts";
import type { CirclePromptWeek, TodayCirclePrompts } from "#shared/schemas/circles.ts";
import type { CommunityFeedPage, PromptHistory } from "#shared/schemas/community.ts";
import { call, circleWithRoles, t, useCirclesApp } from "./test-helpers.ts";
import type { SubmissionResponse, TodayPromptResponse, WritingSessionResponse } from "#shared/schemas/writing.ts";
import type { TestUser } from "#tests/factories.ts";

/* A circle's own prompts (issue 29 item 5): set by moderators, read by members, answered on /write, private to the circle. */

useCirclesApp();

const today = () => localDate(t.deps.clock.now(), "UTC");

async function answer(user: TestUser, promptId: string, audience: { community: boolean; circles: string[] }) {
  const session = await t.json<WritingSessionResponse>("/api/writing-sessions", { method: "POST", json: {}, cookie: user.cookie });
  t.deps.testClock!.advance(t.deps.env.MIN_WRITING_SECONDS * 1000);
  return t.json<SubmissionResponse & { message?: string }>("/api/submissions", {
    method: "POST",
    cookie: user.cookie,
    json: { content: "An answer to the circle's own prompt.", promptId, action: "publish", signature: "name", page: "write", writingSession: session.body.token, idempotencyKey: crypto.randomUUID(), ...audience },
  });
}

describe("circle prompts", () => {
  it("a moderator sets today's prompt; members see it on /write's list and answer it within the circle only", async () => {
    const cast = await circleWithRoles();
    const text = `Describe the classroom window ${Math.random()}`;
    const set = await call<{ prompt: { id: string } }>(cast.moderator, "PUT", `/api/circles/${cast.circle.slug}/prompts/${today()}`, { text, author: "Ms. Reed" });
    expect(set.status).toBe(200);
    const promptId = set.body.prompt.id;

    const week = await call<CirclePromptWeek>(cast.member, "GET", `/api/circles/${cast.circle.slug}/prompts`);
    expect(week.body.days).toHaveLength(7);
    expect(week.body.days.find((d) => d.date === today())?.prompt).toMatchObject({ text, author: "Ms. Reed" });

    const offered = await call<TodayCirclePrompts>(cast.member, "GET", "/api/circles/prompts/today");
    expect(offered.body.items).toEqual([{ circle: { id: cast.circle.id, slug: cast.circle.slug, name: cast.circle.name }, prompt: { id: promptId, date: today(), text, author: "Ms. Reed" } }]);
    expect((await call<TodayCirclePrompts>(cast.outsider, "GET", "/api/circles/prompts/today")).body.items).toEqual([]);

    // To the community, or to another circle: refused, nothing written.
    const toCommunity = await answer(cast.member, promptId, { community: true, circles: [cast.circle.id] });
    expect(toCommunity.status).toBe(422);
    expect(toCommunity.body.message).toBe(CIRCLE_MESSAGES.circlePromptOnly);
    // A writer outside the circle cannot answer it at all.
    expect((await answer(cast.outsider, promptId, { community: false, circles: [] })).status).toBe(422);
    const shared = await answer(cast.member, promptId, { community: false, circles: [cast.circle.id] });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    expect(shared.body.streak.currentStreak).toBe(1);

    // The site never shows the circle's prompt: not as today's prompt, not in the prompt filter, not in the feed.
    const site = await t.json<TodayPromptResponse>("/api/prompts/today", { cookie: cast.outsider.cookie });
    expect(site.body.prompt.text).not.toBe(text);
    const history = await t.json<PromptHistory>("/api/community/prompts", { cookie: cast.member.cookie });
    expect(JSON.stringify(history.body)).not.toContain(text);
    const feed = await t.json<CommunityFeedPage>("/api/community/feed", { cookie: cast.member.cookie });
    expect(JSON.stringify(feed.body)).not.toContain(text);

    // Answered: its words may change, it may not be removed.
    const removed = await call(cast.owner, "DELETE", `/api/circles/${cast.circle.slug}/prompts/${today()}`);
    expect(removed.status).toBe(409);
    expect(removed.body.message).toBe(CIRCLE_MESSAGES.promptAnswered);
    expect((await call(cast.owner, "PUT", `/api/circles/${cast.circle.slug}/prompts/${today()}`, { text: "New words" })).status).toBe(200);
  });

  it("only moderators set or remove prompts; outsiders hear 404; bad dates and empty prompts are 422", async () => {
    const cast = await circleWithRoles();
    const path = `/api/circles/${cast.circle.slug}/prompts/2030-01-01`;
    const asMember = await call(cast.member, "PUT", path, { text: "Mine" });
    expect(asMember.status).toBe(403);
    expect(asMember.body.message).toBe(CIRCLE_MESSAGES.notModerator);
    expect((await call(cast.outsider, "PUT", path, { text: "Mine" })).status).toBe(404);
    expect((await call(cast.outsider, "GET", `/api/circles/${cast.circle.slug}/prompts`)).status).toBe(404);
    expect((await call(cast.owner, "PUT", `/api/circles/${cast.circle.slug}/prompts/2030-02-30`, { text: "x" })).body.message).toBe(CIRCLE_MESSAGES.badDate);
    const empty = await call(cast.owner, "PUT", path, { text: "   " });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(CIRCLE_MESSAGES.promptRequired);
    expect((await call(cast.owner, "PUT", path, { text: "Later" })).status).toBe(200);
    expect((await call(cast.member, "DELETE", path)).status).toBe(403);
    expect((await call(cast.owner, "DELETE", path)).status).toBe(200);
    expect((await call(cast.owner, "DELETE", path)).status).toBe(404);
    // A prompt dated after the writer's today cannot be answered yet.
    const later = await call<{ prompt: { id: string } }>(cast.owner, "PUT", path, { text: "Not yet" });
    expect((await answer(cast.member, later.body.prompt.id, { community: false, circles: [cast.circle.id] })).status).toBe(422);
  });
});
