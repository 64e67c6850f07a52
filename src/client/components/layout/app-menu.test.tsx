// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Link, MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ToastProvider } from "../ui/toast.tsx";
import { AppMenu } from "./app-menu.tsx";

/** The open menu as a visitor sees it; focus starts on its first link. */
function openMenu() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <MemoryRouter>
          <AppMenu me={null} />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Menu" }));
  const menu = screen.getByRole("navigation", { name: "Main" });
  expect(document.activeElement).toBe(screen.getByRole("link", { name: "Home" }));
  return menu;
}

afterEach(() => {
  cleanup();
  document.documentElement.classList.remove("dark");
});

describe("AppMenu closing when focus leaves (issue 11 item 9 follow-up)", () => {
  it("closes when focus leaves the page (no element receives it)", () => {
    openMenu();
    fireEvent.blur(document.activeElement!, { relatedTarget: null });
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    expect(screen.getByRole("button", { name: "Menu" }).getAttribute("aria-expanded")).toBe("false");
  });

  it("stays open when a click inside it lands on something that takes no focus", () => {
    const menu = openMenu();
    const list = menu.querySelector("ul")!;
    fireEvent.mouseDown(list);
    fireEvent.blur(document.activeElement!, { relatedTarget: null });
    fireEvent.mouseUp(list);
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
  });

  it("keeps a click on its button working where clicking a button does not focus it", () => {
    openMenu();
    const theme = screen.getByRole("button", { name: "Dark theme" });
    fireEvent.mouseDown(theme);
    fireEvent.blur(document.activeElement!, { relatedTarget: null });
    fireEvent.mouseUp(theme);
    fireEvent.click(theme);
    expect(screen.getByRole("button", { name: "Light theme" })).toBeTruthy();
  });

  it("after such a click, focus leaving the page still closes it", () => {
    const menu = openMenu();
    const list = menu.querySelector("ul")!;
    fireEvent.mouseDown(list);
    fireEvent.mouseUp(list);
    fireEvent.blur(document.activeElement!, { relatedTarget: null });
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
  });
});

describe("AppMenu across pages", () => {
  it("closes on going to another page, and stays closed on coming back to the page it was open on", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <MemoryRouter initialEntries={["/community"]}>
            <AppMenu me={null} />
            <Link to="/community">Back to the feed</Link>
          </MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Menu" }));
    fireEvent.click(screen.getByRole("link", { name: "Sign In" }));
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    fireEvent.click(screen.getByRole("link", { name: "Back to the feed" }));
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    expect(screen.getByRole("button", { name: "Menu" }).getAttribute("aria-expanded")).toBe("false");
  });
});
