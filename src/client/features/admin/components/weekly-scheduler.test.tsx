// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { weekLabel, weekOf } from "#shared/domain/scheduler.ts";
import type { SchedulerWeek } from "#shared/schemas/admin.ts";
import { WeeklyScheduler } from "./weekly-scheduler.tsx";

/*
 * Issue 11 item 15: text typed into a day right after "Next Week" was wiped when that week's
 * prompts arrived (it went to the week being left). The days cannot be typed in until the week
 * asked for has loaded, and a later refresh of the week never overwrites what was typed.
 */

const THIS_WEEK = weekOf("2026-11-18");
const NEXT_WEEK = weekOf("2026-11-22");

const weekJson = (dates: string[], prompts: Record<number, string> = {}): SchedulerWeek => ({
  weekStart: dates[0]!,
  today: "2026-11-18",
  days: dates.map((date, i) => ({
    date,
    prompt: prompts[i] ? { id: `00000000-0000-4000-8000-00000000000${i}`, date, kind: "daily", text: prompts[i], author: null, submissionCount: 0 } : null,
  })),
});

/** Waits on what the page shows, long enough for a busy machine running the whole suite. */
const BUSY_MACHINE = { timeout: 5000 };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

/** The server: the current week and the gaps at once; every fetch of next week waits for `answerNextWeek`. */
function fakeServer() {
  const waiting: ((res: Response) => void)[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/admin/scheduler/gaps") return Promise.resolve(json({ serverToday: "2026-11-18", missing: [] }));
      if (url.searchParams.get("week") === NEXT_WEEK[0]) return new Promise<Response>((resolve) => waiting.push(resolve));
      return Promise.resolve(json(weekJson(THIS_WEEK, { 1: "This Monday's prompt" })));
    }),
  );
  return {
    pending: () => waiting.length,
    answerNextWeek(prompts: Record<number, string> = {}) {
      waiting.shift()!(json(weekJson(NEXT_WEEK, prompts)));
    },
  };
}

function renderScheduler() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  render(
    <MemoryRouter initialEntries={["/admin/scheduler"]}>
      <QueryClientProvider client={queryClient}>
        <WeeklyScheduler />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return queryClient;
}

const mondayField = () => within(screen.getByRole("region", { name: /^Monday/ })).getByPlaceholderText("Enter Monday's writing prompt...") as HTMLTextAreaElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("WeeklyScheduler while another week loads", () => {
  it("keeps the days closed to typing until the week asked for has loaded, then keeps what is typed", async () => {
    const server = fakeServer();
    const queryClient = renderScheduler();
    await screen.findByRole("heading", { name: weekLabel(THIS_WEEK[0]!) }, BUSY_MACHINE);
    expect(mondayField().value).toBe("This Monday's prompt");

    fireEvent.click(screen.getByRole("button", { name: "Next Week" }));
    await vi.waitFor(() => expect(server.pending()).toBe(1), BUSY_MACHINE);
    // Still showing this week's cards while next week loads: they cannot be typed in.
    expect(mondayField().disabled).toBe(true);
    expect(screen.getByText("Loading this week's prompts...")).toBeTruthy();
    for (const input of screen.getAllByLabelText("Author attribution (optional)")) expect((input as HTMLInputElement).disabled).toBe(true);

    server.answerNextWeek();
    await screen.findByRole("heading", { name: weekLabel(NEXT_WEEK[0]!) }, BUSY_MACHINE);
    await vi.waitFor(() => expect(mondayField().disabled).toBe(false), BUSY_MACHINE);
    expect(mondayField().value).toBe("");
    expect(screen.queryByText("Loading this week's prompts...")).toBeNull();

    fireEvent.change(mondayField(), { target: { value: "A lighthouse you have never visited." } });
    expect(mondayField().value).toBe("A lighthouse you have never visited.");

    // The week is fetched again (someone else saved Monday meanwhile): what was typed stays.
    void queryClient.invalidateQueries();
    await vi.waitFor(() => expect(server.pending()).toBe(1), BUSY_MACHINE);
    server.answerNextWeek({ 1: "Another editor's Monday" });
    await vi.waitFor(() => expect(server.pending()).toBe(0), BUSY_MACHINE);
    await screen.findByText(/Loaded 1 existing prompt for this week/, undefined, BUSY_MACHINE);
    expect(mondayField().value).toBe("A lighthouse you have never visited.");
    expect(mondayField().disabled).toBe(false);
  });
});
