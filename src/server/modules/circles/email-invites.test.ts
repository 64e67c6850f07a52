import { describe, expect, it } from "vitest";
import type { CircleSummary } from "#shared/schemas/circles.ts";
import { latestLink, readMails } from "#tests/setup/app.ts";
import { call, circleWithRoles, confirmedWriter, join, t, useCirclesApp } from "./test-helpers.ts";

/* Invitations by email (issue 29 item 2): one link, a use per address, each address its own email through the queue. */

useCirclesApp();

describe("POST /api/circles/:slug/invites/email", () => {
  it("emails each address the circle's link, which lets that many writers in", async () => {
    const cast = await circleWithRoles();
    const [a, b] = [`student-a-${crypto.randomUUID().slice(0, 6)}@example.com`, `student-b-${crypto.randomUUID().slice(0, 6)}@example.com`];
    const sent = await call<{ sent: number; invite: { maxUses: number } }>(cast.moderator, "POST", `/api/circles/${cast.circle.slug}/invites/email`, { emails: [a, b, a.toUpperCase()] });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ sent: 2, invite: { maxUses: 2 } });
    const mails = (await readMails(t)).filter((m) => m.to.includes(a) || m.to.includes(b));
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe(`${cast.moderator.name} invites you to ${cast.circle.name} on inkwell`);
    const link = await latestLink(t, a, /invites you to/);
    const code = new URL(link).pathname.split("/").pop()!;
    expect(new URL(link).pathname).toBe(`/join/${code}`);
    const joined = await join(await confirmedWriter(), code);
    expect(joined.circle?.slug).toBe(cast.circle.slug);
  });

  it("is for moderators, with addresses that are addresses, at most 40", async () => {
    const cast = await circleWithRoles();
    const path = `/api/circles/${cast.circle.slug}/invites/email`;
    expect((await call(cast.member, "POST", path, { emails: ["x@example.com"] })).status).toBe(403);
    expect((await call(cast.outsider, "POST", path, { emails: ["x@example.com"] })).status).toBe(404);
    const bad = await call(cast.owner, "POST", path, { emails: ["not an address"] });
    expect([bad.status, bad.body.message]).toEqual([422, "One of these is not an email address"]);
    const many = await call(cast.owner, "POST", path, { emails: Array.from({ length: 41 }, (_, i) => `s${i}@example.com`) });
    expect([many.status, many.body.message]).toEqual([422, "Invite at most 40 addresses at a time"]);
    expect((await call<{ circle: CircleSummary }>(cast.owner, "GET", `/api/circles/${cast.circle.slug}`)).body.circle.memberCount).toBe(3);
  });
});
