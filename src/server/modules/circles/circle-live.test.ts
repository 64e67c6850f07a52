import { describe, expect, it } from "vitest";
import { APP_URL, type TestApp } from "#tests/setup/app.ts";
import { createPrompt, createSubmission } from "#tests/factories.ts";
import { signUpOn, twoInstances } from "#tests/setup/instances.ts";
import { SseReader, type SseMessage } from "#tests/setup/sse-reader.ts";
import { circleMembers, circles, pieceCircles } from "#server/db/schema/index.ts";
import { call, circleWithRoles, createCircle, join, makeInvite, published, t, useCirclesApp } from "./test-helpers.ts";

/* A circle's live events (issue 29 item 4): to its members' streams only, with only their own circles named, on every instance. */

useCirclesApp();

async function stream(cookie: string | null) {
  const sse = new SseReader(await t.request("/api/events", { cookie }));
  await sse.next((m) => m.event === "ready");
  return sse;
}

const about = (id: string) => (m: SseMessage) => m.event.startsWith("circle:") && JSON.parse(m.data).id === id;

describe("circle events", () => {
  it("reach each member's streams, name only their circles, and never an outsider's or a visitor's", async () => {
    const cast = await circleWithRoles();
    // A second circle the writer is in, and the member is not.
    const other = await createCircle(cast.moderator);
    await join(cast.owner, (await makeInvite(cast.moderator, other.slug)).code);
    const [tabOne, tabTwo, outsiders, visitors] = [await stream(cast.member.cookie), await stream(cast.member.cookie), await stream(cast.outsider.cookie), await stream(null)];

    const id = await published(cast.owner, { community: false, circles: [cast.circle.id, other.id] });
    const announced = await tabOne.next(about(id));
    expect(announced.event).toBe("circle:published");
    expect(JSON.parse(announced.data)).toEqual({ circleIds: [cast.circle.id], id });
    await tabTwo.next(about(id));

    expect((await call(cast.moderator, "PUT", `/api/community/pieces/${id}/like`)).status).toBe(200);
    const liked = await tabOne.next((m) => m.event === "circle:liked");
    expect(JSON.parse(liked.data)).toEqual({ circleIds: [cast.circle.id], id, likeCount: 1 });
    expect((await call(cast.member, "POST", `/api/community/pieces/${id}/comments`, { content: "Lovely" })).status).toBe(201);
    await tabTwo.next((m) => m.event === "circle:commented" && JSON.parse(m.data).commentCount === 1);

    // A public piece's event afterwards shows the other streams caught up: none carried a circle event.
    const open = await published(cast.owner, { community: true });
    for (const s of [outsiders, visitors]) await s.next((m) => m.event === "piece:published" && JSON.parse(m.data).id === open);
    for (const s of [outsiders, visitors]) expect(s.seen.filter((m) => m.event.startsWith("circle:"))).toEqual([]);
    for (const s of [tabOne, tabTwo, outsiders, visitors]) await s.close();
  });
});

describe("two app instances on one PostgreSQL", () => {
  // Needs a real PostgreSQL server (CI's second API pass sets DATABASE_URL); skipped on PGlite.
  it.skipIf(!process.env.DATABASE_URL)("a like made through instance A reaches a member's stream on instance B, and not an outsider's there", async () => {
    const { appA, appB, depsA, close } = await twoInstances(process.env.DATABASE_URL!);
    try {
      const [writer, member, outsider] = [await signUpOn(appA, "Live Writer"), await signUpOn(appA, "Live Member"), await signUpOn(appA, "Live Outsider")];
      const [circle] = await depsA.db.insert(circles).values({ slug: `live-${crypto.randomUUID().slice(0, 8)}`, name: "Live circle", ownerId: writer.id, memberCount: 2 }).returning();
      await depsA.db.insert(circleMembers).values([
        { circleId: circle!.id, userId: writer.id, role: "owner" },
        { circleId: circle!.id, userId: member.id, role: "member" },
      ]);
      const asApp = { deps: depsA } as TestApp;
      const piece = await createSubmission(asApp, writer, { promptId: (await createPrompt(asApp, { date: "2004-04-04" })).id, isPrivate: true });
      await depsA.db.insert(pieceCircles).values({ submissionId: piece.id, circleId: circle!.id, createdAt: piece.createdAt });

      const [memberOnB, outsiderOnB] = [
        new SseReader(await appB.request("/api/events", { headers: { cookie: member.cookie } })),
        new SseReader(await appB.request("/api/events", { headers: { cookie: outsider.cookie } })),
      ];
      for (const s of [memberOnB, outsiderOnB]) await s.next((m) => m.event === "ready");
      const liked = await appA.request(`/api/community/pieces/${piece.id}/like`, { method: "PUT", headers: { origin: APP_URL, cookie: member.cookie } });
      expect(liked.status).toBe(200);
      const event = await memberOnB.next((m) => m.event === "circle:liked", 10_000);
      expect(JSON.parse(event.data)).toEqual({ circleIds: [circle!.id], id: piece.id, likeCount: 1 });
      // A public like afterwards reaches the outsider: the circle's never did.
      const open = await createSubmission(asApp, writer, { promptId: (await createPrompt(asApp, { date: "2004-04-05" })).id });
      await appA.request(`/api/community/pieces/${open.id}/like`, { method: "PUT", headers: { origin: APP_URL, cookie: outsider.cookie } });
      await outsiderOnB.next((m) => m.event === "piece:liked", 10_000);
      expect(outsiderOnB.seen.filter((m) => m.event.startsWith("circle:"))).toEqual([]);
      for (const s of [memberOnB, outsiderOnB]) await s.close();
    } finally {
      await close();
    }
  });
});
