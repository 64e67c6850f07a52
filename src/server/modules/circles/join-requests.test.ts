import { describe, expect, it } from "vitest";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import type { CircleRequests, CircleSummary, JoinedCircle } from "#shared/schemas/circles.ts";
import type { NotificationList } from "#shared/schemas/notifications.ts";
import { accept, call, circleWithRoles, confirmedWriter, roleIn, useCirclesApp } from "./test-helpers.ts";

/* "Ask to join" (issue 29 item 2): an invite of a circle that approves joins makes a request its moderators decide. */

useCirclesApp();

describe("a circle that approves joins", () => {
  it("turns an invite into a request the moderators hear of, accept or decline; the writer hears they were let in", async () => {
    const cast = await circleWithRoles();
    const set = await call<{ circle: CircleSummary }>(cast.owner, "PATCH", `/api/circles/${cast.circle.slug}`, { requiresApproval: true });
    expect(set.body.circle.requiresApproval).toBe(true);
    const [asker, other] = [await confirmedWriter("Asking Ada"), await confirmedWriter("Other Otto")];

    const asked = await accept(asker, cast.code);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ circle: null, pending: true } satisfies JoinedCircle);
    expect(await roleIn(cast.circle.id, asker.id)).toBeNull();
    expect((await call(asker, "GET", `/api/circles/${cast.circle.slug}`)).status).toBe(404);
    // Asking again changes nothing.
    expect((await accept(asker, cast.code)).body.pending).toBe(true);
    await accept(other, cast.code);

    const modBell = (await call<NotificationList>(cast.moderator, "GET", "/api/notifications")).body.items;
    expect(modBell.filter((n) => n.kind === "circle_request").map((n) => n.message)).toEqual([`Other Otto asks to join ${cast.circle.name}`, `Asking Ada asks to join ${cast.circle.name}`]);
    const list = await call<CircleRequests>(cast.moderator, "GET", `/api/circles/${cast.circle.slug}/requests`);
    expect(list.body.items.map((r) => r.name)).toEqual(["Asking Ada", "Other Otto"]);
    expect((await call(cast.member, "GET", `/api/circles/${cast.circle.slug}/requests`)).status).toBe(403);
    expect((await call(cast.member, "POST", `/api/circles/${cast.circle.slug}/requests/${asker.id}`)).status).toBe(403);

    expect((await call(cast.moderator, "POST", `/api/circles/${cast.circle.slug}/requests/${asker.id}`)).status).toBe(200);
    expect(await roleIn(cast.circle.id, asker.id)).toBe("member");
    const told = (await call<NotificationList>(asker, "GET", "/api/notifications")).body.items[0];
    expect(told).toMatchObject({ kind: "circle_approved", message: `You were let into ${cast.circle.name}`, circleSlug: cast.circle.slug });

    expect((await call(cast.owner, "DELETE", `/api/circles/${cast.circle.slug}/requests/${other.id}`)).status).toBe(200);
    expect(await roleIn(cast.circle.id, other.id)).toBeNull();
    const gone = await call(cast.owner, "DELETE", `/api/circles/${cast.circle.slug}/requests/${other.id}`);
    expect([gone.status, gone.body.message]).toEqual([404, CIRCLE_MESSAGES.requestNotFound]);
    expect((await call<CircleRequests>(cast.owner, "GET", `/api/circles/${cast.circle.slug}/requests`)).body.items).toEqual([]);
  });
});
