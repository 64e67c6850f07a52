// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Me } from "#shared/schemas/auth.ts";
import { meQueryKey } from "#client/lib/get-me.ts";
import { Component as Home } from "./home.tsx";

afterEach(cleanup);

const me = (forgivenessDayUsed: string | null): Me => ({
  id: "00000000-0000-4000-8000-000000000001",
  email: "ada@example.com",
  name: "Ada",
  fullName: "Ada Lovelace",
  alias: null,
  isAdmin: false,
  emailVerified: true,
  timeZone: "UTC",
  currentStreak: 6,
  longestStreak: 6,
  forgivenessDayUsed,
});

function renderHome(user: Me) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(meQueryKey, user);
  client.setQueryData(["config"], { siteName: "inkwell" });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Home />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("home, signed in: the grace day (issue 16 item 5)", () => {
  it("says which missed day the grace day saved under the streak", () => {
    renderHome(me("2026-11-12"));
    expect(screen.getByText("Your writing streak is 6 days")).toBeTruthy();
    expect(screen.getByText("Streak saved by your grace day on Nov 12")).toBeTruthy();
  });

  it("says nothing of a grace day when none saved the streak", () => {
    renderHome(me(null));
    expect(screen.queryByText(/grace day/)).toBeNull();
  });
});
