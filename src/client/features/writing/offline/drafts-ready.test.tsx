// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DraftsReady } from "./drafts-ready.tsx";

afterEach(cleanup);

describe("a writing page waits for the drafts on this device (issue 16 item 2)", () => {
  it("says it is opening the draft until they are read, then shows the page", async () => {
    render(
      <DraftsReady>
        <p>The writing page</p>
      </DraftsReady>,
    );
    expect(screen.getByRole("status").textContent).toBe("Opening your draft...");
    expect(await screen.findByText("The writing page")).toBeTruthy();
    expect(screen.queryByText("Opening your draft...")).toBeNull();
  });
});
