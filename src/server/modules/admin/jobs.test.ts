import { describe, expect, it } from "vitest";
import type { JobsOverview } from "#shared/schemas/jobs.ts";
import { createUser } from "#tests/factories.ts";
import { admin, setupAdminTests, t, writer, ZERO_UUID } from "./admin.test-setup.ts";

setupAdminTests();

describe("/api/admin/jobs", () => {
  it("shows admins every queue with its counts and the next run of the scheduled ones", async () => {
    const res = await t.json<JobsOverview>("/api/admin/jobs", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const names = res.body.queues.map((q) => q.name);
    expect(names).toEqual(expect.arrayContaining(["mail.send", "email.tick", "maintenance.hourly"]));
    const tick = res.body.queues.find((q) => q.name === "email.tick")!;
    // Every minute: the next run is within the next minute.
    expect(Date.parse(tick.nextRunAt!) - Date.now()).toBeLessThanOrEqual(60_000);
    expect(res.body.queues.find((q) => q.name === "mail.send")!.nextRunAt).toBeNull();
  });

  it("is for admins only", async () => {
    expect((await t.request("/api/admin/jobs")).status).toBe(401);
    expect((await t.request("/api/admin/jobs", { cookie: writer.cookie })).status).toBe(403);
    const other = await createUser(t, { name: "Another Writer" });
    expect((await t.request("/api/admin/jobs", { cookie: other.cookie })).status).toBe(403);
  });

  // Not in admin.test.ts's table (its admin call expects 200): a retry needs a failed job, here a missing one.
  it("retries only a failed job, for admins only", async () => {
    const path = `/api/admin/jobs/mail.send/${ZERO_UUID}/retry`;
    expect((await t.request(path, { method: "POST" })).status).toBe(401);
    expect((await t.request(path, { method: "POST", cookie: writer.cookie })).status).toBe(403);
    const missing = await t.json<{ message: string }>(path, { method: "POST", cookie: admin.cookie });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("That job is not failed any more (or no longer kept).");
    expect((await t.request(`/api/admin/jobs/no.such.queue/${ZERO_UUID}/retry`, { method: "POST", cookie: admin.cookie })).status).toBe(404);
  });
});
