// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CircleSummary } from "#shared/schemas/circles.ts";
import { ToastProvider } from "#client/components/ui/toast.tsx";
import { allowConsoleError } from "#tests/setup/console.ts";
import { stubModalDialogs } from "#tests/setup/dialog.ts";
import { CircleRequests } from "./circle-requests.tsx";
import { EditCircleForm } from "./edit-circle-form.tsx";
import { HiddenPieces } from "./hidden-pieces.tsx";
import { HideFromCircle } from "./hide-from-circle.tsx";

const ANA = "11111111-1111-4111-8111-111111111111";
const PIECE = "22222222-2222-4222-8222-222222222222";
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const circle = (over: Partial<CircleSummary> = {}): CircleSummary => ({
  id: "33333333-3333-4333-8333-333333333333",
  slug: "night-owls",
  name: "Night Owls",
  description: null,
  accent: "ink",
  memberCount: 3,
  myRole: "owner",
  muted: false,
  requiresApproval: true,
  createdAt: "2026-11-01T10:00:00.000Z",
  ...over,
});

/** Each request the components make (method, path, body), answered by `answer`. */
function stubApi(answer: (method: string, path: string) => Response) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
      const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
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
      <ToastProvider>{ui}</ToastProvider>
    </QueryClientProvider>,
  );
}

stubModalDialogs();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("CircleRequests", () => {
  it("lists who asks to join, and accepting one sends their id", async () => {
    const calls = stubApi((method) =>
      method === "GET" ? json(200, { items: [{ userId: ANA, name: "Ana Student", requestedAt: "2026-11-28T09:00:00.000Z" }] }) : json(200, { ok: true }),
    );
    renderWith(<CircleRequests circle={circle()} />);
    fireEvent.click(await screen.findByRole("button", { name: "Accept Ana Student" }));
    expect(await screen.findByText("Ana Student joined the circle")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.path).toBe(`/api/circles/night-owls/requests/${ANA}`);
  });

  it("says when no one is waiting", async () => {
    stubApi(() => json(200, { items: [] }));
    renderWith(<CircleRequests circle={circle()} />);
    expect(await screen.findByText(/No one is waiting to join/)).toBeTruthy();
  });

  it("shows nothing while the circle lets people straight in and no request waits", async () => {
    const calls = stubApi(() => json(200, { items: [] }));
    renderWith(<CircleRequests circle={circle({ requiresApproval: false })} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole("heading", { name: "Requests to join" })).toBeNull();
  });

  it("shows a failed load with Try again", async () => {
    allowConsoleError();
    stubApi(() => json(500, { code: "internal", message: "Something went wrong on our side" }));
    renderWith(<CircleRequests circle={circle()} />);
    expect(await screen.findByText("Requests could not be loaded")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

describe("HiddenPieces", () => {
  it("is folded until opened, then lists each hidden piece with Show again", async () => {
    const calls = stubApi((method) =>
      method === "GET" ? json(200, { items: [{ id: PIECE, name: "The blue door", reason: "Off topic", hiddenAt: "2026-11-28T09:00:00.000Z" }] }) : json(200, { outcome: "restored" }),
    );
    renderWith(<HiddenPieces slug="night-owls" />);
    const toggle = screen.getByRole("button", { name: "Hidden pieces" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(calls).toHaveLength(0);
    fireEvent.click(toggle);
    expect(await screen.findByText("The blue door")).toBeTruthy();
    expect(screen.getByText(/Off topic/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show again: The blue door" }));
    expect(await screen.findByText("The piece is back in the circle")).toBeTruthy();
    expect(calls.find((c) => c.method === "DELETE")?.path).toBe(`/api/circles/night-owls/pieces/${PIECE}/hide`);
  });

  it("says when nothing is hidden", async () => {
    stubApi(() => json(200, { items: [] }));
    renderWith(<HiddenPieces slug="night-owls" />);
    fireEvent.click(screen.getByRole("button", { name: "Hidden pieces" }));
    expect(await screen.findByText("No pieces are hidden from this circle.")).toBeTruthy();
  });
});

describe("EditCircleForm", () => {
  it("sends whether new members wait for approval", async () => {
    const calls = stubApi(() => json(200, { circle: circle({ requiresApproval: true }) }));
    renderWith(<EditCircleForm circle={circle({ requiresApproval: false })} />);
    const box = screen.getByRole("checkbox", { name: "New members need a moderator's approval" });
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Circle saved")).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: "PATCH", path: "/api/circles/night-owls", body: { name: "Night Owls", requiresApproval: true } });
  });
});

describe("HideFromCircle", () => {
  it("asks for the reason, then hides the piece from the circle with it", async () => {
    const calls = stubApi(() => json(200, { outcome: "hidden" }));
    const onHidden = vi.fn();
    renderWith(<HideFromCircle slug="night-owls" kind="piece" id={PIECE} label="The blue door by Ana Student" onHidden={onHidden} />);
    fireEvent.click(screen.getByRole("button", { name: "Hide from circle: The blue door by Ana Student" }));
    fireEvent.click(screen.getByRole("button", { name: "Hide from circle" }));
    expect(await screen.findByText("Say why it is hidden")).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByRole("textbox", { name: /Reason/ }), { target: { value: "  Off topic  " } });
    fireEvent.click(screen.getByRole("button", { name: "Hide from circle" }));
    expect(await screen.findByText("Hidden from the circle")).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: "POST", path: `/api/circles/night-owls/pieces/${PIECE}/hide`, body: { reason: "Off topic" } });
    expect(onHidden).toHaveBeenCalledOnce();
  });

  it("keeps the dialog open with the server's refusal (a comment not on a piece of this circle alone)", async () => {
    allowConsoleError();
    stubApi(() => json(404, { code: "comment_not_in_circle", message: "This comment is not on a piece of this circle only" }));
    renderWith(<HideFromCircle slug="night-owls" kind="comment" id={PIECE} label="comment by Quiet Fox" compact />);
    fireEvent.click(screen.getByRole("button", { name: "hide from circle: comment by Quiet Fox" }));
    fireEvent.change(screen.getByRole("textbox", { name: /Reason/ }), { target: { value: "Unkind" } });
    fireEvent.click(screen.getByRole("button", { name: "Hide comment" }));
    expect(await screen.findByText("This comment is not on a piece of this circle only")).toBeTruthy();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});
