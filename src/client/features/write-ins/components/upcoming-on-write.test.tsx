// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WriteInList, WriteInSummary } from "#shared/schemas/write-ins.ts";
import { writeInAt } from "../lib/write-in-fixture.ts";
import { formatWriteInStart } from "../lib/write-in-time.ts";
import UpcomingOnWrite, { UPCOMING_TICK_MS } from "./upcoming-on-write.tsx";

const MINUTE = 60_000;
const NOW = Date.parse("2026-12-01T18:00:00.000Z");
const ID = writeInAt(NOW).id;

/** "Dawn pages", starting `inMs` from NOW (live when started), as the list sends it. */
const writeIn = (inMs: number, over: Partial<WriteInSummary> = {}) => writeInAt(NOW + inMs, { title: "Dawn pages", state: inMs <= 0 ? "live" : "upcoming", ...over });

/** GET /api/write-ins answered with `items` once `release` is called (at once without `held`); the URLs asked. */
function stubList(items: WriteInSummary[], held = false) {
  const asked: URL[] = [];
  let release = () => {};
  const ready = held ? new Promise<void>((r) => (release = r)) : Promise.resolve();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(new URL(input instanceof Request ? input.url : String(input), "http://localhost"));
      await ready;
      const body: WriteInList = { items, nextCursor: null };
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
  return { asked, release: () => release() };
}

function renderNotice(extra?: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        {extra}
        <UpcomingOnWrite />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Lets the list's answer reach the component. */
const settle = () => act(async () => {});

/**
 * The shown notice's clock has started: its interval is set by an effect that React runs in a task
 * of its own, after the notice is in the page. Moving the clock before that moved nothing.
 */
async function clockStarted() {
  for (let i = 0; i < 100 && vi.getTimerCount() === 0; i++) await act(() => new Promise<void>((r) => setImmediate(r)));
  expect(vi.getTimerCount()).toBe(1);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("UpcomingOnWrite", () => {
  it("asks for the next few of mine and shows nothing at all when none is near (no empty box on the writing page)", async () => {
    const { asked } = stubList([writeIn(9 * 24 * 60 * MINUTE)]);
    const { container } = renderNotice();
    await waitFor(() => expect(asked).toHaveLength(1));
    await settle();
    expect(asked[0]!.pathname).toBe("/api/write-ins");
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({ when: "upcoming", limit: "4" });
    expect(container.innerHTML).toBe("");
  });

  it("names a live write-in as Live now, its title leading straight to writing, with All write-ins, and takes no focus", async () => {
    stubList([writeIn(-5 * MINUTE)]);
    renderNotice();
    const notice = await screen.findByRole("region", { name: "Write-ins coming up" });
    expect(within(notice).getByRole("link", { name: "Dawn pages" }).getAttribute("href")).toBe(`/write-ins/${ID}/write`);
    expect(within(notice).getByText("Live now")).toBeTruthy();
    expect(within(notice).getByRole("link", { name: "All write-ins" }).getAttribute("href")).toBe("/write-ins");
    expect(within(notice).getAllByRole("listitem")).toHaveLength(1);
    expect(document.activeElement).toBe(document.body);
  });

  it("names an upcoming circle write-in with its circle and its start in my zone, then counts down once joining opens", async () => {
    const w = writeIn(70 * MINUTE, { circle: { id: "66666666-6666-4666-8666-666666666666", slug: "night-owls", name: "Night Owls", accent: "teal" } });
    stubList([w]);
    renderNotice();
    const notice = await screen.findByRole("region", { name: "Write-ins coming up" });
    const link = within(notice).getByRole("link", { name: "Dawn pages" });
    expect(link.getAttribute("href")).toBe(`/write-ins/${ID}`);
    expect(within(notice).getByText("Night Owls")).toBeTruthy();
    const when = within(notice).getByText(formatWriteInStart(w.startsAt));
    expect(when.getAttribute("datetime")).toBe(w.startsAt);
    await clockStarted();
    // An hour later joining is open: the same row says so and leads to writing.
    act(() => vi.advanceTimersByTime(60 * MINUTE));
    expect(within(notice).getByText("Starts in 10 min")).toBeTruthy();
    expect(link.getAttribute("href")).toBe(`/write-ins/${ID}/write`);
    act(() => vi.advanceTimersByTime(10 * MINUTE + UPCOMING_TICK_MS));
    expect(within(notice).getByText("Live now")).toBeTruthy();
  });

  it("stays away when the writer typed before the list came, so the editor never moves under their hands", async () => {
    const { release } = stubList([writeIn(-5 * MINUTE)], true);
    renderNotice(<textarea aria-label="Your writing" />);
    const text = screen.getByRole("textbox", { name: "Your writing" });
    fireEvent.input(text, { target: { value: "Once" } });
    text.blur();
    release();
    await settle();
    expect(screen.queryByRole("region", { name: "Write-ins coming up" })).toBeNull();
  });

  it("stays away when the writer is in a text field as the list comes", async () => {
    const { release } = stubList([writeIn(-5 * MINUTE)], true);
    renderNotice(<input aria-label="Title" />);
    screen.getByRole("textbox", { name: "Title" }).focus();
    release();
    await settle();
    expect(screen.queryByRole("region", { name: "Write-ins coming up" })).toBeNull();
  });
});
