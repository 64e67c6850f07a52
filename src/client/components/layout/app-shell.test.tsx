// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { lazy } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { meQueryKey } from "#client/lib/get-me.ts";
import { ToastProvider } from "../ui/toast.tsx";
import { AppShell } from "./app-shell.tsx";

/** A page whose code never finishes loading: the shell's Suspense fallback stays up. */
const Loading = lazy(() => new Promise<never>(() => undefined));

function renderAt(path: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(meQueryKey, null);
  qc.setQueryData(["config"], { siteName: "inkwell" });
  render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<AppShell />}>
              <Route path="*" element={<Loading />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe("AppShell while a page's code loads (spec §2 loading words)", () => {
  it('reads "brewing your words..." on Home', async () => {
    renderAt("/");
    expect(within(await screen.findByRole("main")).getByRole("status").textContent).toBe("brewing your words...");
  });

  it('reads "brewing" on any other page', async () => {
    renderAt("/admin");
    expect(within(await screen.findByRole("main")).getByRole("status").textContent).toBe("brewing");
  });
});
