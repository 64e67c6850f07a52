// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FullScreenLoader } from "./states.tsx";

afterEach(() => {
  cleanup();
  window.history.replaceState(null, "", "/");
});

describe("FullScreenLoader (spec §2)", () => {
  it('reads "brewing your words..." on Home', () => {
    window.history.replaceState(null, "", "/");
    render(<FullScreenLoader />);
    expect(screen.getByRole("status").textContent).toBe("brewing your words...");
  });

  it('reads "brewing" at start-up anywhere else', () => {
    window.history.replaceState(null, "", "/community");
    render(<FullScreenLoader />);
    expect(screen.getByRole("status").textContent).toBe("brewing");
  });
});
