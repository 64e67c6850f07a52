import { describe, expect, it } from "vitest";
import type { SchedulerGaps } from "#shared/schemas/admin.ts";
import { createPrompt } from "#tests/factories.ts";
import { admin, setupAdminTests, t } from "./admin.test-setup.ts";

setupAdminTests();

/*
 * GET /api/admin/scheduler/gaps (issue 11 item 1): admins are warned when a date that is already
 * "tomorrow" in some writer's time zone (the next two after the server's UTC date) has no prompt.
 * Its permissions (visitor 401, writer 403, admin 200) are in admin.test.ts with every admin route.
 */

const gaps = (zone = "UTC") => t.json<SchedulerGaps>("/api/admin/scheduler/gaps", { cookie: admin.cookie, headers: { "x-time-zone": zone } });

describe("GET /api/admin/scheduler/gaps", () => {
  it("names the next two dates after the server's date that have no prompt", async () => {
    t.deps.testClock!.set(new Date("2035-03-10T23:30:00Z"));
    const res = await gaps();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ serverToday: "2035-03-10", missing: ["2035-03-11", "2035-03-12"] });

    await createPrompt(t, { date: "2035-03-12" });
    expect((await gaps()).body.missing).toEqual(["2035-03-11"]);
    await createPrompt(t, { date: "2035-03-11" });
    expect((await gaps()).body.missing).toEqual([]);
  });

  it("counts from the server's UTC date, whatever the admin's own time zone", async () => {
    // 23:30 UTC on the 10th is the 11th in Kiritimati, the 10th in Honolulu: the same answer for both.
    t.deps.testClock!.set(new Date("2036-07-10T23:30:00Z"));
    const fromHonolulu = await gaps("Pacific/Honolulu");
    const fromKiritimati = await gaps("Pacific/Kiritimati");
    expect(fromHonolulu.body).toEqual({ serverToday: "2036-07-10", missing: ["2036-07-11", "2036-07-12"] });
    expect(fromKiritimati.body).toEqual(fromHonolulu.body);
  });

  it("is not satisfied by prompts before or after those two dates", async () => {
    t.deps.testClock!.set(new Date("2037-01-01T12:00:00Z"));
    await createPrompt(t, { date: "2037-01-01" });
    await createPrompt(t, { date: "2037-01-04" });
    expect((await gaps()).body.missing).toEqual(["2037-01-02", "2037-01-03"]);
  });
});
