// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FocusControls, FocusPrompt } from "./focus-controls.tsx";
import { FOCUS_STORAGE_KEY } from "./focus-settings.ts";
import { useFocusMode } from "./use-focus-mode.ts";

/** A writing page in small: the bar focus mode hides, the controls, the prompt and the text. */
function Harness() {
  const focus = useFocusMode();
  return (
    <>
      <header data-focus-hide>top bar</header>
      <FocusControls focus={focus} />
      <FocusPrompt focus={focus}>
        <p>Write about a door.</p>
      </FocusPrompt>
      <label htmlFor="writing-text">Your writing</label>
      <textarea id="writing-text" />
    </>
  );
}

const focusButton = () => screen.getByRole("button", { name: "Focus mode" });
const inFocus = () => document.documentElement.hasAttribute("data-focus-mode");
const shortcut = () => fireEvent.keyDown(screen.getByLabelText("Your writing"), { key: "F", ctrlKey: true, shiftKey: true });

beforeEach(() => {
  localStorage.clear();
  // jsdom has no full screen; a browser that refuses it must change nothing.
  document.documentElement.requestFullscreen = vi.fn(() => Promise.reject(new Error("not allowed")));
  window.scrollTo = vi.fn();
});
afterEach(cleanup);

describe("focus mode (issue 16 item 4)", () => {
  it("Ctrl+Shift+F enters it: pressed, the bar marked hidden, focus kept in the text; Escape leaves", async () => {
    render(<Harness />);
    const text = screen.getByLabelText("Your writing");
    text.focus();
    expect(focusButton().getAttribute("aria-pressed")).toBe("false");
    shortcut();
    expect(focusButton().getAttribute("aria-pressed")).toBe("true");
    expect(inFocus()).toBe(true);
    expect(document.activeElement).toBe(text);
    expect(document.documentElement.requestFullscreen).toHaveBeenCalled();
    fireEvent.keyDown(text, { key: "Escape" });
    expect(inFocus()).toBe(false);
    expect(focusButton().getAttribute("aria-pressed")).toBe("false");
    expect(document.activeElement).toBe(text);
  });

  it("is remembered on this device, and the page leaving it clears the mark", () => {
    const first = render(<Harness />);
    fireEvent.click(focusButton());
    expect(JSON.parse(localStorage.getItem(FOCUS_STORAGE_KEY) ?? "null")).toEqual({ on: true, typewriter: false });
    first.unmount();
    expect(inFocus()).toBe(false);
    render(<Harness />);
    expect(inFocus()).toBe(true);
    expect(focusButton().getAttribute("aria-pressed")).toBe("true");
  });

  it("folds the prompt away and back, and offers typewriter scrolling only while on", () => {
    render(<Harness />);
    expect(screen.queryByRole("button", { name: "Typewriter scrolling" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Hide prompt" })).toBeNull();
    shortcut();
    fireEvent.click(screen.getByRole("button", { name: "Hide prompt" }));
    expect(screen.getByText("Write about a door.").closest("[hidden]")).not.toBeNull();
    expect(screen.getByRole("button", { name: "Show prompt" }).getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: "Show prompt" }));
    expect(screen.getByText("Write about a door.").closest("[hidden]")).toBeNull();
    const typewriter = screen.getByRole("button", { name: "Typewriter scrolling" });
    fireEvent.click(typewriter);
    expect(typewriter.getAttribute("aria-pressed")).toBe("true");
    expect(document.documentElement.hasAttribute("data-typewriter")).toBe(true);
  });

  it("Escape inside an open dialog stays the dialog's", () => {
    render(
      <>
        <Harness />
        <div role="dialog" aria-label="Publish" />
      </>,
    );
    shortcut();
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(inFocus()).toBe(true);
  });
});
