import { describe, expect, it } from "vitest";
import type { ScheduledWriteIn } from "#shared/schemas/write-ins.ts";
import { call, confirmedWriter, t, useCirclesApp, type Caller } from "../circles/test-helpers.ts";

/* A suspended writer may write with the others (saving privately stays theirs), but is never named (decision 017). */

useCirclesApp();

async function schedule(who: Caller, circle: string | null, title: string, inMinutes: number) {
  const startsAt = new Date(t.deps.clock.now().getTime() + inMinutes * 60_000);
  const res = await call<ScheduledWriteIn>(who, "POST", "/api/write-ins", { circle, title, startsAt: startsAt.toISOString(), lengthMinutes: 15 });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.writeIn.id;
}

describe("a suspended writer in a write-in", () => {
  it("writes with the others, counted but never named, whatever signature they ask for", async () => {
    const admin = await confirmedWriter("Suspending Admin", { admin: true });
    const [suspended, named] = await Promise.all([confirmedWriter("Suspended Sam"), confirmedWriter("Named Nia")]);
    const id = await schedule(admin, null, "Open sprint", 5);
    const put = await call(admin, "PUT", `/api/admin/users/${suspended.id}/suspension`, { until: null, reason: "Spam" });
    expect(put.status).toBe(200);
    const joined = await call<{ signature: string }>(suspended, "POST", `/api/write-ins/${id}/join`, { signature: "name" });
    expect([joined.status, joined.body.signature]).toEqual([200, "anonymous"]);
    expect((await call(named, "POST", `/api/write-ins/${id}/join`, { signature: "name" })).status).toBe(200);
    const panel = await call<{ joined: number; anonymous: number; named: { label: string }[] }>(named, "GET", `/api/write-ins/${id}/panel`);
    expect(panel.body).toMatchObject({ joined: 2, anonymous: 1, named: [{ label: "Named Nia" }] });
    expect(JSON.stringify(panel.body)).not.toContain("Suspended Sam");
  });
});
