// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { weekLabel, weekOf } from "#shared/domain/scheduler.ts";
import type { SchedulerGaps, SchedulerWeek } from "#shared/schemas/admin.ts";
import { schedulerGapsKey } from "../api/get-scheduler-gaps.ts";
import { AdminDashboard } from "./admin-dashboard.tsx";
import { WeeklyScheduler } from "./weekly-scheduler.tsx";

/*
 * Issue 11 item 1: /admin and /admin/scheduler warn when a date that is already tomorrow in some
 * writer's time zone has no prompt, name the date(s) and link to the scheduler's week.
 */

const WEEK = weekOf("2026-11-18");
/** Waits on what the page shows, long enough for a busy machine running the whole suite. */
const BUSY_MACHINE = { timeout: 5000 };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

function fakeServer(gaps: SchedulerGaps) {
  const week: SchedulerWeek = { weekStart: WEEK[0]!, today: "2026-11-18", days: WEEK.map((date) => ({ date, prompt: null })) };
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL) => {
      const path = new URL(String(input), "http://localhost").pathname;
      if (path === "/api/admin/scheduler/gaps") return Promise.resolve(json(gaps));
      if (path === "/api/admin/scheduler") return Promise.resolve(json(week));
      if (path === "/api/admin/prompts/today") return Promise.resolve(json({ date: "2026-11-18", prompt: null }));
      return Promise.reject(new Error(`unexpected ${path}`));
    }),
  );
}

function renderAt(path: string, page: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>{page}</QueryClientProvider>
    </MemoryRouter>,
  );
  return queryClient;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the warning about prompts missing for the coming days", () => {
  it("names both missing dates on the dashboard and links to the scheduler's week of the first", async () => {
    fakeServer({ serverToday: "2026-11-18", missing: ["2026-11-19", "2026-11-20"] });
    renderAt("/admin", <AdminDashboard />);
    const warning = await screen.findByRole("region", { name: "Prompts missing for the coming days" }, BUSY_MACHINE);
    expect(warning.textContent).toContain("No prompt is scheduled for Thursday, November 19, 2026 and Friday, November 20, 2026.");
    const link = within(warning).getByRole("link", { name: "Schedule them in the Weekly Scheduler" });
    expect(link.getAttribute("href")).toBe("/admin/scheduler?week=2026-11-19");
  });

  it("names the one missing date on the scheduler", async () => {
    fakeServer({ serverToday: "2026-11-18", missing: ["2026-11-20"] });
    renderAt("/admin/scheduler", <WeeklyScheduler />);
    const warning = await screen.findByRole("region", { name: "A prompt is missing for a coming day" }, BUSY_MACHINE);
    expect(warning.textContent).toContain("No prompt is scheduled for Friday, November 20, 2026.");
    expect(within(warning).getByRole("link", { name: "Schedule it in the Weekly Scheduler" }).getAttribute("href")).toBe("/admin/scheduler?week=2026-11-20");
  });

  it("says nothing when the coming days have their prompts", async () => {
    fakeServer({ serverToday: "2026-11-18", missing: [] });
    const queryClient = renderAt("/admin/scheduler", <WeeklyScheduler />);
    await screen.findByRole("heading", { name: weekLabel(WEEK[0]!) }, BUSY_MACHINE);
    await vi.waitFor(() => expect(queryClient.getQueryState(schedulerGapsKey)?.status).toBe("success"), BUSY_MACHINE);
    expect(screen.queryByRole("region", { name: /missing/ })).toBeNull();
  });
});
