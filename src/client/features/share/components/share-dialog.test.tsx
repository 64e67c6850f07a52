// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { ShareLinkResponse } from "#shared/schemas/portfolio.ts";
import { stubModalDialogs } from "#tests/setup/dialog.ts";
import { ShareDialog } from "./share-dialog.tsx";

const ID = "11111111-1111-4111-8111-111111111111";
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const link: ShareLinkResponse = {
  shareUrl: "http://localhost:3000/shared/abc123",
  token: "abc123",
  expiresAt: "2026-11-22T12:00:00.000Z",
  isPrivate: true,
  authorLabel: "Olive Owner",
};

/** The dialog as the piece page opens it, its link answered by `body` (or `answer`), the clipboard by `writeText`. */
function openDialog(body: ShareLinkResponse, writeText: (text: string) => Promise<void>, answer = () => json(201, body)) {
  vi.stubGlobal("fetch", vi.fn(async () => answer()));
  Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ShareDialog pieceId={ID} open onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

stubModalDialogs();

// The jsdom of this worker is the next file's too (vitest.config.ts): the stub goes with this file.
afterAll(() => {
  Reflect.deleteProperty(navigator, "clipboard");
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "clipboard");
});

describe("ShareDialog", () => {
  it("tells the writer of a private piece how the link's readers will see it signed", async () => {
    openDialog(link, async () => undefined);
    expect(await screen.findByText("People with this link will see it signed as Olive Owner.")).toBeTruthy();
    expect((screen.getByLabelText("Share link") as HTMLInputElement).value).toBe(link.shareUrl);
  });

  it("says nothing about the signature of a public piece", async () => {
    openDialog({ ...link, isPrivate: false }, async () => undefined);
    await screen.findByLabelText("Share link");
    expect(screen.queryByText(/will see it signed as/)).toBeNull();
  });

  it("copies the link and confirms it in the spec's words", async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    openDialog(link, writeText);
    fireEvent.click(await screen.findByRole("button", { name: "Copy link" }));
    expect(await screen.findByText("Share link copied to clipboard!")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(link.shareUrl);
  });

  it("selects the link for copying by hand when the clipboard refuses", async () => {
    openDialog(link, async () => {
      throw new DOMException("denied", "NotAllowedError");
    });
    fireEvent.click(await screen.findByRole("button", { name: "Copy link" }));
    expect(await screen.findByText("Select the link and copy it.")).toBeTruthy();
    expect(screen.queryByText("Share link copied to clipboard!")).toBeNull();
    const input = screen.getByLabelText("Share link") as HTMLInputElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, link.shareUrl.length]);
  });

  it("says how long to wait when the server limits new links, in its words (issue 11 item 16)", async () => {
    const message = "Too many attempts. Please wait 7 minutes and try again.";
    openDialog(link, async () => undefined, () => json(429, { code: "rate_limited", message }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText("Failed to generate shareable link")).toBeNull();
  });

  it("keeps the spec's words for any other failure", async () => {
    openDialog(link, async () => undefined, () => json(503, { code: "database_unavailable", message: "The database is unavailable; please try again in a moment." }));
    expect(await screen.findByText("Failed to generate shareable link")).toBeTruthy();
  });
});
