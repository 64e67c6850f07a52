// @vitest-environment jsdom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "#client/lib/api-client.ts";
import { startWritingSession } from "../api/start-writing-session.ts";
import { useWritingSession } from "../hooks/use-writing-session.ts";

vi.mock("../api/start-writing-session.ts", () => ({ startWritingSession: vi.fn() }));
const start = vi.mocked(startWritingSession);

beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers();
  start.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("a page opened offline (decision 013)", () => {
  it("starts its writing session at the first moment online, and only then", async () => {
    start.mockRejectedValue(new ApiError(0, "network", "Could not reach the server."));
    const { result } = renderHook(() => useWritingSession("write", "writer-a"));
    await act(async () => vi.advanceTimersByTimeAsync(20_000));
    expect(result.current.failed).toBe(true);
    expect(result.current.session).toBeNull();

    start.mockResolvedValue({ token: "server-token", startedAt: new Date().toISOString(), minSeconds: 600, exempt: false });
    const online = Date.now();
    await act(async () => {
      window.dispatchEvent(new Event("online"));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(result.current.session).toMatchObject({ token: "server-token", minSeconds: 600 });
    // The minutes count from when the server answered, never from an earlier keystroke.
    expect(result.current.session!.startedAtLocal).toBeGreaterThanOrEqual(online);

    // Already holding a session, coming online again starts no other.
    const calls = start.mock.calls.length;
    await act(async () => {
      window.dispatchEvent(new Event("online"));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(start.mock.calls.length).toBe(calls);
  });
});
