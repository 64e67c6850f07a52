// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "#shared/errors.ts";
import { Component as ResetPassword } from "./reset-password.tsx";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The page as the emailed link opens it, the server answering the new password with `answer`. */
async function submitNewPassword(status: number, body: unknown) {
  vi.stubGlobal("fetch", vi.fn(async () => json(status, body)));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <MemoryRouter initialEntries={["/reset-password?token=abcdefgh12345678"]}>
        <ResetPassword />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  for (const label of [/^New password/, /^Confirm/]) fireEvent.change(await screen.findByLabelText(label), { target: { value: "a quiet room to write" } });
  fireEvent.click(screen.getByRole("button", { name: /update password/i }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("reset password page", () => {
  it("shows the server's wait when resets are limited (issue 11 item 16)", async () => {
    const message = "Too many attempts. Please wait 7 minutes and try again.";
    await submitNewPassword(429, { code: "rate_limited", message });
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it("keeps the spec's message for a link that no longer works", async () => {
    await submitNewPassword(422, { code: "invalid_token", message: MESSAGES.resetFailed });
    expect(await screen.findByText(MESSAGES.resetFailed)).toBeTruthy();
  });
});
