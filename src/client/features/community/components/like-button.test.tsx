// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LIKE_LOCK_MS } from "#shared/constants.ts";
import type { CommunityPieceDetail } from "#shared/schemas/community.ts";
import { ToastProvider } from "#client/components/ui/toast.tsx";
import { allowConsoleError } from "#tests/setup/console.ts";
import { communityKeys } from "../api/keys.ts";
import { LikeButton } from "./like-button.tsx";

const ID = "11111111-1111-4111-8111-111111111111";

const piece: CommunityPieceDetail = {
  id: ID,
  title: "A piece",
  content: "words",
  prompt: { id: "p", text: "prompt", kind: "daily", date: "2026-01-01" },
  author: { label: "Someone", signature: "name", streak: 1 },
  isFeatured: false,
  wordCount: 1,
  likeCount: 3,
  commentCount: 0,
  likedByMe: false,
  isMine: false,
  createdAt: new Date().toISOString(),
  commentsOff: false,
  contentWarning: null,
};

/** The button as the detail view shows it: its props come from the query cache. */
function Harness({ signedIn = true, onSignInNeeded = () => undefined }: { signedIn?: boolean; onSignInNeeded?: () => void }) {
  const { data } = useQuery({ queryKey: communityKeys.piece(ID), queryFn: () => piece, staleTime: Infinity });
  return data ? <LikeButton piece={data} signedIn={signedIn} onSignInNeeded={onSignInNeeded} /> : null;
}

function renderHarness(props: Parameters<typeof Harness>[0] = {}, data: CommunityPieceDetail = piece) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  qc.setQueryData(communityKeys.piece(ID), data);
  render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <Harness {...props} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

function setup(props: Parameters<typeof Harness>[0] = {}) {
  renderHarness(props);
  return screen.getByRole("button", { name: /^Like, \d+ likes?$/ });
}

/** A fetch whose answers the test hands out one by one. */
function controlledFetch() {
  const calls: { url: string; method: string; answer: (res: Response | Error) => void }[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    return new Promise<Response>((resolve, reject) => {
      calls.push({ url: String(input), method: init?.method ?? "GET", answer: (r) => (r instanceof Error ? reject(r) : resolve(r)) });
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-21T12:00:00Z"));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("LikeButton", () => {
  it("changes the heart and the count at once, then settles on the server's true count", async () => {
    const calls = controlledFetch();
    const button = setup();
    expect(button.textContent).toBe("3");
    expect(button.getAttribute("aria-label")).toBe("Like, 3 likes");
    fireEvent.click(button);
    await vi.waitFor(() => expect(button.getAttribute("aria-pressed")).toBe("true"));
    expect(button.textContent).toBe("4");
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: `/api/community/pieces/${ID}/like`, method: "PUT" });
    await act(async () => calls[0]!.answer(json(200, { liked: true, likeCount: 9 })));
    await vi.waitFor(() => expect(button.textContent).toBe("9"));
  });

  it("goes back when the server refuses, and says why", async () => {
    allowConsoleError();
    const calls = controlledFetch();
    const button = setup();
    fireEvent.click(button);
    await vi.waitFor(() => expect(button.textContent).toBe("4"));
    await act(async () => calls[0]!.answer(json(401, { code: "unauthorized", message: "You must be logged in to like submissions" })));
    await vi.waitFor(() => expect(button.textContent).toBe("3"));
    expect(button.getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByRole("alert").textContent).toContain("You must be logged in to like submissions");
  });

  it("ignores clicks for 600 ms after a click", async () => {
    const calls = controlledFetch();
    const button = setup();
    // (vi.waitFor moves the fake clock too: times are set from the first click.)
    const clicked = Date.now();
    fireEvent.click(button);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    vi.setSystemTime(clicked + LIKE_LOCK_MS - 1);
    fireEvent.click(button);
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(calls).toHaveLength(1);
    expect(button.getAttribute("aria-pressed")).toBe("true");
    await act(async () => calls[0]!.answer(json(200, { liked: true, likeCount: 4 })));
    await vi.waitFor(() => expect(button.getAttribute("aria-pressed")).toBe("true"));
    vi.setSystemTime(clicked + LIKE_LOCK_MS);
    fireEvent.click(button);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.method).toBe("DELETE");
    expect(button.textContent).toBe("3");
  });

  it("asks a visitor to sign in instead of calling the server", () => {
    const calls = controlledFetch();
    const onSignInNeeded = vi.fn();
    const button = setup({ signedIn: false, onSignInNeeded });
    fireEvent.click(button);
    expect(onSignInNeeded).toHaveBeenCalledOnce();
    expect(calls).toHaveLength(0);
    expect(button.getAttribute("aria-pressed")).toBe("false");
  });

  it("on the writer's own piece shows the count, with no like action (issue 11 item 12)", () => {
    const calls = controlledFetch();
    renderHarness({}, { ...piece, isMine: true });
    expect(screen.queryByRole("button")).toBeNull();
    const count = screen.getByTitle("You can't like your own piece.");
    expect(count.textContent).toBe("3 likes on your piece");
    fireEvent.click(count);
    expect(calls).toHaveLength(0);
  });

  it("shows its writer only the count (`piece.isMine`), and is a like button for a visitor", () => {
    renderHarness({}, { ...piece, isMine: true });
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByTitle("You can't like your own piece.").textContent).toBe("3 likes on your piece");
    cleanup();
    renderHarness({ signedIn: false }, { ...piece, isMine: true });
    expect(screen.getByRole("button", { name: "Like, 3 likes" })).toBeTruthy();
  });
});
