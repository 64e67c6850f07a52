import { describe, expect, it } from "vitest";
import type { CircleSummary } from "#shared/schemas/circles.ts";
import { call, circleWithRoles, confirmedWriter, createCircle, published, roleIn, t, useCirclesApp } from "./test-helpers.ts";

/* What a deleted account leaves behind in circles, and what the JSON export says of a piece's audience (issue 29 item 3). */

useCirclesApp();

const deleteAccount = (who: { cookie: string; password: string }) =>
  call(who, "POST", "/api/me/account/delete", { password: who.password, publicPieces: "delete" });

describe("circles and the writer's own data", () => {
  it("a deleted owner's circle passes to its moderator; a circle nobody else is in goes; counts follow", async () => {
    const cast = await circleWithRoles();
    const alone = await createCircle(cast.owner);
    const secret = await published(cast.owner, { community: false, circles: [cast.circle.id] });
    // The moderator was told "<owner> joined" of nobody, but of the member: the member's own departure takes that line away.
    const memberName = cast.member.name;
    expect((await deleteAccount(cast.member)).status).toBe(200);
    const told = await call<{ items: { message: string }[] }>(cast.owner, "GET", "/api/notifications");
    expect(JSON.stringify(told.body)).not.toContain(memberName);
    expect((await deleteAccount(cast.owner)).status).toBe(200);

    expect(await roleIn(cast.circle.id, cast.moderator.id)).toBe("owner");
    const after = await call<{ circle: CircleSummary }>(cast.moderator, "GET", `/api/circles/${cast.circle.slug}`);
    expect(after.body.circle).toMatchObject({ memberCount: 1, myRole: "owner" });
    // The writer's circle-only piece went with their other private pieces.
    expect((await call(cast.member, "GET", `/api/community/pieces/${secret}`)).status).toBe(404);
    const admin = await confirmedWriter("Site Admin", { admin: true });
    expect((await call(admin, "GET", `/api/circles/${alone.slug}`)).status).toBe(404);
  });

  it("the JSON export names the circles each piece is shared with", async () => {
    const cast = await circleWithRoles();
    const id = await published(cast.member, { community: false, circles: [cast.circle.id] });
    const res = await t.request("/api/me/export/json", { cookie: cast.member.cookie });
    expect(res.status).toBe(200);
    const doc = JSON.parse(await res.text()) as { pieces: { id: string; visibility: string; circles: string[] }[] };
    expect(doc.pieces.find((p) => p.id === id)).toMatchObject({ visibility: "private", circles: [cast.circle.name] });
  });
});
