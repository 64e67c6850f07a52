// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { startTransition, useLayoutEffect, type ReactNode } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, expect, it, vi } from "vitest";
import { ToastProvider } from "../ui/toast.tsx";
import { AppMenu } from "./app-menu.tsx";

/* A server-rendered page: the menu button is there before the app takes the page over. */

/** Presses the menu button the moment the hydrated page is committed, before its effects have run. */
function PressOnCommit() {
  useLayoutEffect(() => document.querySelector<HTMLButtonElement>('button[aria-label="Menu"]')!.click(), []);
  return null;
}

const page = (press = false): ReactNode => (
  <QueryClientProvider client={new QueryClient()}>
    <ToastProvider>
      <MemoryRouter>
        <AppMenu me={null} />
        {press && <PressOnCommit />}
      </MemoryRouter>
    </ToastProvider>
  </QueryClientProvider>
);

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  document.body.innerHTML = "";
});

it("opens on a press that lands while the page is being hydrated (the mount does not close it again)", async () => {
  const container = document.createElement("div");
  document.body.append(container);
  container.innerHTML = renderToString(page());
  const button = container.querySelector<HTMLButtonElement>('button[aria-label="Menu"]')!;
  // As main.tsx does: hydration as a transition; the writer's press comes as it is committed, before its effects.
  startTransition(() => void (root = hydrateRoot(container, page(true))));
  await vi.waitFor(() => expect(container.querySelector('nav[aria-label="Main"]')).not.toBeNull());
  expect(button.getAttribute("aria-expanded")).toBe("true");
});
