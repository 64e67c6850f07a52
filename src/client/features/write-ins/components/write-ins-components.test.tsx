// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WriteInResults as Results, WriteInSummary } from "#shared/schemas/write-ins.ts";
import { ToastProvider } from "#client/components/ui/toast.tsx";
import { useWriteIn } from "../api/get-write-in.ts";
import { writeInAt } from "../lib/write-in-fixture.ts";
import { RsvpControl } from "./rsvp-control.tsx";
import { ScheduleWriteInForm } from "./schedule-write-in-form.tsx";
import { WriteInResults } from "./write-in-results.tsx";

const ID = "44444444-4444-4444-8444-444444444444";
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const summary = (over: Partial<WriteInSummary> = {}): WriteInSummary => writeInAt(Date.parse("2026-12-04T17:00:00.000Z"), { id: ID, ...over });

/** Each request (method, path, body), answered by `answer`. */
function stubApi(answer: (method: string, path: string) => Response) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
      const method = (init?.method ?? "GET").toUpperCase();
      calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer(method, url.pathname);
    }),
  );
  return calls;
}

function renderWith(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <ToastProvider>{ui}</ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe("WriteInResults", () => {
  const results = (over: Partial<Results> = {}): Results => ({
    writeIn: summary({ state: "ended" }),
    final: true,
    joined: 18,
    writers: 17,
    totalWords: 6420,
    anonymous: 3,
    named: [
      { label: "Ada Lantern", words: 412, you: true },
      { label: "Ben Quill", words: 1, you: false },
    ],
    you: { words: 412, signature: "name" },
    ...over,
  });

  it("says who showed up and the words, each named writer's words with mine marked, and the anonymous ones counted", async () => {
    stubApi(() => json(200, results()));
    renderWith(<WriteInResults id={ID} />);
    expect(await screen.findByText("18 showed up · 6,420 words")).toBeTruthy();
    expect(screen.getByText("You wrote 412 words")).toBeTruthy();
    expect(screen.getByText("Final")).toBeTruthy();
    const rows = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(rows).toEqual(["Ada Lantern (you)412 words", "Ben Quill1 word"]);
    expect(screen.getByText("3 wrote anonymously")).toBeTruthy();
  });

  it("says it is still counting until final, and nothing of mine when I did not join", async () => {
    stubApi(() => json(200, results({ final: false, you: null, named: [], anonymous: 0, joined: 0, totalWords: 0 })));
    renderWith(<WriteInResults id={ID} />);
    expect(await screen.findByText("0 showed up · 0 words")).toBeTruthy();
    expect(screen.getByText("Still counting")).toBeTruthy();
    expect(screen.queryByText(/You wrote/)).toBeNull();
    expect(screen.queryByText(/anonymously/)).toBeNull();
  });
});

describe("RsvpControl", () => {
  it("says I'm coming, then You're coming with Not coming in the same button, which keeps the focus", async () => {
    const calls = stubApi((method, path) => {
      if (path === "/api/me") return json(200, { user: { id: ID, name: "Ada", isAdmin: false } });
      if (method === "GET") return json(200, { writeIn: summary(), now: Date.parse("2026-12-01T10:00:00Z") });
      return json(200, summary({ myRsvp: method === "PUT", coming: method === "PUT" ? 1 : 0 }));
    });
    function FromCache() {
      const detail = useWriteIn(ID);
      return detail.data ? <RsvpControl writeIn={detail.data.writeIn} /> : null;
    }
    renderWith(<FromCache />);
    const button = await screen.findByRole("button", { name: "I'm coming" });
    button.focus();
    fireEvent.click(button);
    expect(await screen.findByText("✓ You're coming")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Not coming" })).toBe(button);
    expect(document.activeElement).toBe(button);
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.path)).toEqual([`/api/write-ins/${ID}/rsvp`]);
    fireEvent.click(button);
    expect(await screen.findByRole("button", { name: "I'm coming" })).toBe(button);
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([`/api/write-ins/${ID}/rsvp`]);
  });

  it("asks a visitor to sign in, and offers nothing once it has started", async () => {
    stubApi(() => json(200, { user: null }));
    renderWith(
      <>
        <RsvpControl writeIn={summary()} />
        <RsvpControl writeIn={summary({ id: "66666666-6666-4666-8666-666666666666", state: "live" })} />
      </>,
    );
    expect(await screen.findByRole("link", { name: "Sign in to say you're coming" })).toBeTruthy();
    expect(screen.getAllByRole("link")).toHaveLength(1);
  });
});

describe("ScheduleWriteInForm", () => {
  it("sends the start typed in the browser's zone as an instant with its offset, and the zone", async () => {
    vi.stubEnv("TZ", "Europe/Paris");
    const calls = stubApi(() => json(201, { writeIn: summary({ circle: { id: ID, slug: "night-owls", name: "Night Owls", accent: "ink" } }), next: [] }));
    renderWith(<ScheduleWriteInForm options={[{ circle: null, name: "Whole community" }, { circle: "night-owls", name: "Night Owls" }]} />);
    fireEvent.change(screen.getByRole("combobox", { name: "For" }), { target: { value: "night-owls" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Title" }), { target: { value: "  Friday sprint " } });
    fireEvent.change(screen.getByLabelText("Starts"), { target: { value: "2026-12-04T18:00" } });
    fireEvent.change(screen.getByRole("spinbutton", { name: "Length in minutes" }), { target: { value: "45" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /Repeat every week/ }));
    fireEvent.click(screen.getByRole("radio", { name: "The circle's prompt of the day" }));
    fireEvent.click(screen.getByRole("button", { name: "Schedule write-in" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: "POST",
      path: "/api/write-ins",
      body: { circle: "night-owls", title: "Friday sprint", startsAt: "2026-12-04T18:00:00+01:00", lengthMinutes: 45, repeat: "weekly", promptMode: "circle" },
    });
    expect((calls[0]!.body as { timeZone: string }).timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it("offers the circle's prompt for a circle alone, and shows the server's refusal beside the start", async () => {
    stubApi(() => json(400, { code: "invalid_input", message: "Choose a start time in the future" }));
    renderWith(<ScheduleWriteInForm options={[{ circle: null, name: "Whole community" }]} />);
    expect(screen.getByText("For Whole community")).toBeTruthy();
    expect(screen.getAllByRole("radio").map((r) => r.closest("label")?.textContent)).toEqual(["The site's prompt of the day", "Its own prompt"]);
    fireEvent.change(screen.getByRole("textbox", { name: "Title" }), { target: { value: "Friday sprint" } });
    fireEvent.click(screen.getByRole("button", { name: "Schedule write-in" }));
    const error = await screen.findByText("Choose a start time in the future");
    expect(screen.getByLabelText("Starts").getAttribute("aria-describedby")).toContain(error.id);
  });

  it("brings its own prompt: the choice reveals the prompt's box, asked for before sending, and sends its words", async () => {
    const calls = stubApi(() => json(201, { writeIn: summary({ promptMode: "own", promptText: "Write about a door." }), next: [] }));
    renderWith(<ScheduleWriteInForm options={[{ circle: null, name: "Whole community" }]} />);
    expect(screen.queryByRole("textbox", { name: "The write-in's prompt" })).toBeNull();
    fireEvent.change(screen.getByRole("textbox", { name: "Title" }), { target: { value: "Door sprint" } });
    fireEvent.click(screen.getByRole("radio", { name: "Its own prompt" }));
    const box = screen.getByRole("textbox", { name: "The write-in's prompt" });
    fireEvent.click(screen.getByRole("button", { name: "Schedule write-in" }));
    const error = await screen.findByText("Please enter a prompt text");
    expect(box.getAttribute("aria-describedby")).toContain(error.id);
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(calls).toHaveLength(0);

    fireEvent.change(box, { target: { value: "  Write about a door.  " } });
    fireEvent.click(screen.getByRole("button", { name: "Schedule write-in" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ circle: null, title: "Door sprint", promptMode: "own", promptText: "Write about a door." });
  });

  it("shows the server's refusal of the prompt's words beside its box, and sends no words for another prompt", async () => {
    const calls = stubApi(() =>
      json(422, { code: "invalid_input", message: "Prompts can be at most 4000 characters", issues: [{ path: "promptText", message: "Prompts can be at most 4000 characters" }] }),
    );
    renderWith(<ScheduleWriteInForm options={[{ circle: "night-owls", name: "Night Owls" }]} />);
    fireEvent.change(screen.getByRole("textbox", { name: "Title" }), { target: { value: "Door sprint" } });
    fireEvent.click(screen.getByRole("radio", { name: "Its own prompt" }));
    fireEvent.change(screen.getByRole("textbox", { name: "The write-in's prompt" }), { target: { value: "Write about a door." } });
    fireEvent.click(screen.getByRole("button", { name: "Schedule write-in" }));
    const error = await screen.findByText("Prompts can be at most 4000 characters");
    expect(screen.getByRole("textbox", { name: "The write-in's prompt" }).getAttribute("aria-describedby")).toContain(error.id);

    fireEvent.click(screen.getByRole("radio", { name: "The circle's prompt of the day" }));
    expect(screen.queryByRole("textbox", { name: "The write-in's prompt" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Schedule write-in" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.body).toMatchObject({ circle: "night-owls", promptMode: "circle" });
    expect(calls[1]!.body).not.toHaveProperty("promptText");
  });
});
