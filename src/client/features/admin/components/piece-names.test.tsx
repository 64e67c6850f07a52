// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminPodiumPick, AdminSubmission, AdminUserDetail, PublicPodiumPick } from "#shared/schemas/admin.ts";
import { PodiumManager } from "./podium-manager.tsx";
import { PublicPodium } from "./public-podium.tsx";
import { SubmissionItem } from "./submission-item.tsx";
import { UsersDatabase } from "./users-database.tsx";

/** Untitled pieces go by their prompt on every admin and podium screen (issue 11 items 5 and 6; /admin/users: follow-up item 5). */
const prompt = {
  id: "p1",
  kind: "daily" as const,
  date: "2026-03-01",
  text: "**LARGE:The first page**\nWrite about a door you have never opened. Where is it, and what do you imagine waits on the other side?",
};
const pick = { id: "11111111-1111-4111-8111-111111111111", title: null, authorLabel: "Olive Owner", wordCount: 12, featuredAt: "2026-03-02T10:00:00.000Z", createdAt: "2026-03-01T10:00:00.000Z", prompt };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

function renderWith(ui: ReactNode, answer?: (url: string) => unknown) {
  if (answer) vi.stubGlobal("fetch", vi.fn(async (input: RequestInfo | URL) => json(answer(String(input instanceof Request ? input.url : input)))));
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("naming untitled pieces on the admin and podium screens", () => {
  it("a submission under a prompt (/admin/prompts)", () => {
    const submission: AdminSubmission = { id: pick.id, submissionType: "name", wordCount: 12, isFeatured: false, createdAt: pick.createdAt, title: null, content: "words", authorLabel: "Olive Owner", featuredAt: null };
    renderWith(<SubmissionItem submission={submission} prompt={prompt} busy={false} onToggleFeatured={() => undefined} />);
    expect(screen.getByRole("heading", { level: 3 }).textContent).toBe("The first page — Write about a door you have never opened…");
  });

  it("the public podium, saying the prompt once", async () => {
    const publicPick: PublicPodiumPick = { ...pick, excerpt: "words" };
    renderWith(<PublicPodium />, () => ({ picks: [publicPick] }));
    const card = await screen.findByRole("article");
    const name = "The first page — Write about a door you have never opened. Where is it, and what do you imagine waits on the other side?";
    expect(within(card).getByRole("heading", { level: 2 }).textContent).toBe(name);
    expect(within(card).queryByText(/^Prompt:/)).toBeNull();
  });

  it("the admin podium", async () => {
    const adminPick: AdminPodiumPick = { ...pick, content: "words" };
    renderWith(<PodiumManager />, () => ({ total: 1, picks: [adminPick] }));
    const card = await screen.findByRole("article");
    expect(within(card).getByRole("heading", { level: 2 }).textContent).toBe("The first page — Write about a door you have never opened…");
    expect(within(card).queryByText("Untitled")).toBeNull();
  });

  it("a writer's public piece (/admin/users)", async () => {
    const user = { id: "22222222-2222-4222-8222-222222222222", name: "Olive Owner", alias: null, email: "olive@example.com", createdAt: pick.createdAt };
    const piece = { id: pick.id, submissionType: "name" as const, wordCount: 12, isFeatured: false, createdAt: pick.createdAt, isPrivate: false, title: null, content: "words", prompt };
    const detail: AdminUserDetail = { user: { ...user, location: null, age: null }, total: 1, submissions: [piece], nextCursor: null };
    renderWith(<UsersDatabase />, (url) => (url.includes(user.id) ? detail : { users: [user], nextCursor: null }));
    const card = await screen.findByRole("article");
    expect(within(card).getByRole("heading", { level: 4 }).textContent).toBe("The first page — Write about a door you have never opened…");
  });
});
