import { describe, expect, it } from "vitest";
import type { CircleSummary } from "#shared/schemas/circles.ts";
import type { NotificationList } from "#shared/schemas/notifications.ts";
import type { TestUser } from "#tests/factories.ts";
import { call, circleWithRoles, confirmedWriter, join, published, useCirclesApp } from "./test-helpers.ts";

/* A circle's notifications (issue 29 item 8): joins to moderators, prompts and new pieces to members, nothing to whoever muted it. */

useCirclesApp();

const bell = async (who: TestUser) => (await call<NotificationList>(who, "GET", "/api/notifications")).body.items;

describe("circle notifications", () => {
  it("tells the owner and moderators who joined, members of a new prompt, and batches new pieces without naming their writers", async () => {
    const cast = await circleWithRoles();
    const newcomer = await confirmedWriter("Nadia Newcomer");
    // The moderator mutes the circle: they hear nothing more of it.
    const muted = await call<{ circle: CircleSummary }>(cast.moderator, "PUT", `/api/circles/${cast.circle.slug}/mute`, { muted: true });
    expect(muted.body.circle.muted).toBe(true);
    await join(newcomer, cast.code);

    const ownerBell = await bell(cast.owner);
    expect(ownerBell[0]).toMatchObject({ kind: "circle_joined", message: `Nadia Newcomer joined ${cast.circle.name}`, circleSlug: cast.circle.slug, pieceId: null });
    expect((await bell(cast.moderator)).some((n) => n.message.includes("Nadia"))).toBe(false);
    expect((await bell(cast.member)).some((n) => n.kind === "circle_joined")).toBe(false);

    await call(cast.owner, "PUT", `/api/circles/${cast.circle.slug}/prompts/2031-03-03`, { text: "The view from the bus" });
    expect((await bell(cast.member))[0]).toMatchObject({ kind: "circle_prompt", message: `${cast.circle.name} has its own prompt for Monday, March 3, 2031`, circleSlug: cast.circle.slug });
    expect((await bell(cast.owner)).some((n) => n.kind === "circle_prompt")).toBe(false);

    await published(newcomer, { community: false, circles: [cast.circle.id], signature: "anonymous" });
    await published(newcomer, { community: false, circles: [cast.circle.id], signature: "name" });
    const pieces = (await bell(cast.member)).filter((n) => n.kind === "circle_pieces");
    expect(pieces).toHaveLength(1);
    expect(pieces[0]).toMatchObject({ message: `2 new pieces in ${cast.circle.name}`, count: 2, circleSlug: cast.circle.slug });
    expect(JSON.stringify(pieces)).not.toContain("Nadia");
    expect((await bell(newcomer)).some((n) => n.kind === "circle_pieces")).toBe(false);
    expect((await bell(cast.moderator)).some((n) => n.kind === "circle_pieces")).toBe(false);
    // Outsiders hear nothing of the circle.
    expect(await bell(cast.outsider)).toEqual([]);
  });
});
