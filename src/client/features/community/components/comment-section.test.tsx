// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "#client/components/ui/toast.tsx";
import { allowConsoleError } from "#tests/setup/console.ts";
import { CommentSection } from "./comment-section.tsx";

const ID = "11111111-1111-4111-8111-111111111111";
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderSection(signedIn = true) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={qc}>
        <ToastProvider>
          <CommentSection pieceId={ID} fallbackCount={0} signedIn={signedIn} next="/community" />
        </ToastProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("CommentSection", () => {
  it("keeps the text of a comment the server could not save, and clears it once saved", async () => {
    allowConsoleError();
    const posts: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if ((init?.method ?? "GET") === "GET") return json(200, { comments: [], commentCount: 0, hasOlder: false });
        posts.push(String(init?.body));
        if (posts.length === 1) return json(503, { code: "unavailable", message: "The server is busy right now. Please try again." });
        return json(201, {
          comment: { id: "c1", content: "Lovely", createdAt: new Date().toISOString(), authorLabel: "Me", byWriter: false, mine: true, canDelete: true },
          commentCount: 1,
        });
      }),
    );
    renderSection();
    expect(await screen.findByText("No comments yet")).toBeTruthy();
    expect(screen.getByRole("heading").textContent).toBe("0 Comments");
    const box = screen.getByPlaceholderText("What are your thoughts?") as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: "  Lovely  " } });
    fireEvent.click(screen.getByRole("button", { name: "Comment" }));
    expect((await screen.findByText("The server is busy right now. Please try again.")).getAttribute("role")).toBe("alert");
    expect(box.value).toBe("  Lovely  ");
    expect(JSON.parse(posts[0]!)).toEqual({ content: "Lovely" });

    fireEvent.click(screen.getByRole("button", { name: "Comment" }));
    const list = await screen.findByRole("list", { name: "Comments" });
    expect(list.textContent).toContain("Lovely");
    expect(box.value).toBe("");
    expect(screen.getByRole("heading").textContent).toBe("1 Comment");
  });

  it("offers no comment box to a visitor, only the way to sign in", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(200, { comments: [], commentCount: 0, hasOlder: false })));
    renderSection(false);
    expect(await screen.findByText("No comments yet")).toBeTruthy();
    expect(screen.queryByPlaceholderText("What are your thoughts?")).toBeNull();
    expect(screen.queryByRole("button", { name: "Comment" })).toBeNull();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/signin?next=%2Fcommunity");
  });

  it("offers to try again when the comments could not be loaded", async () => {
    allowConsoleError();
    let gets = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => (++gets === 1 ? json(503, { code: "unavailable", message: "The server is busy right now. Please try again." }) : json(200, { comments: [], commentCount: 0, hasOlder: false }))),
    );
    renderSection();
    expect((await screen.findByText("The server is busy right now. Please try again.")).closest("[role=alert]")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No comments yet")).toBeTruthy();
    expect(gets).toBe(2);
  });

  it("says when only the latest comments are shown", async () => {
    const comment = { id: "c9", content: "Newest", createdAt: new Date().toISOString(), authorLabel: "Reader", byWriter: false, mine: false, canDelete: false };
    vi.stubGlobal("fetch", vi.fn(async () => json(200, { comments: [comment], commentCount: 501, hasOlder: true })));
    renderSection();
    expect(await screen.findByText("Showing the latest 500 comments")).toBeTruthy();
    expect(screen.getByRole("list", { name: "Comments" }).textContent).toContain("Newest");
  });
});
