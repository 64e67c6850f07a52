// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "#client/components/ui/toast.tsx";
import { allowConsoleError } from "#tests/setup/console.ts";
import { stubModalDialogs } from "#tests/setup/dialog.ts";
import { ReportButton } from "./report-button.tsx";

const ID = "11111111-1111-4111-8111-111111111111";
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderButton(signedIn = true, onSignInNeeded = vi.fn()) {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <ReportButton kind="comment" id={ID} label="comment by Quiet Fox" signedIn={signedIn} onSignInNeeded={onSignInNeeded} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return onSignInNeeded;
}

stubModalDialogs();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ReportButton", () => {
  it("asks a visitor to sign in instead of opening the form", () => {
    const onSignInNeeded = renderButton(false);
    fireEvent.click(screen.getByRole("button", { name: "report comment by Quiet Fox" }));
    expect(onSignInNeeded).toHaveBeenCalledOnce();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("needs a reason, sends it with the note, and thanks the reporter", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json(201, { id: "r1", message: "Thanks — an admin will look at this." });
      }),
    );
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: "report comment by Quiet Fox" }));
    fireEvent.click(screen.getByRole("button", { name: "Send report" }));
    expect(await screen.findByText("Choose a reason")).toBeTruthy();
    expect(bodies).toHaveLength(0);
    fireEvent.click(screen.getByRole("radio", { name: "Self-harm concern" }));
    fireEvent.change(screen.getByLabelText(/Note for the admins/), { target: { value: "  Please check on them  " } });
    fireEvent.click(screen.getByRole("button", { name: "Send report" }));
    expect(await screen.findByText("Thanks — an admin will look at this.")).toBeTruthy();
    expect(bodies).toEqual([{ itemKind: "comment", itemId: ID, reason: "self_harm", note: "Please check on them" }]);
  });

  it("shows the server's refusal in the form, and keeps it open", async () => {
    allowConsoleError();
    vi.stubGlobal("fetch", vi.fn(async () => json(409, { code: "already_reported", message: "You already reported this" })));
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: "report comment by Quiet Fox" }));
    fireEvent.click(screen.getByRole("radio", { name: "Spam" }));
    fireEvent.click(screen.getByRole("button", { name: "Send report" }));
    expect(await screen.findByText("You already reported this")).toBeTruthy();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});
