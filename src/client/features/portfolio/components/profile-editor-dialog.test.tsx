// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ToastProvider } from "#client/components/ui/toast.tsx";
import { ApiError } from "#client/lib/api-client.ts";
import { stubModalDialogs } from "#tests/setup/dialog.ts";
import { ProfileEditorDialog, profileUpdateErrorToast } from "./profile-editor-dialog.tsx";

stubModalDialogs();
afterEach(cleanup);

describe("profileUpdateErrorToast (spec: profile toasts)", () => {
  it("names the server's message after 'Failed to update alias:'", () => {
    expect(profileUpdateErrorToast(new ApiError(422, "invalid", "Please enter your name"))).toBe("Failed to update alias: Please enter your name");
  });
  it("is 'Unexpected error occurred while updating profile' alone for anything else thrown", () => {
    expect(profileUpdateErrorToast(new TypeError("cannot read properties of undefined"))).toBe("Unexpected error occurred while updating profile");
    expect(profileUpdateErrorToast("boom")).toBe("Unexpected error occurred while updating profile");
  });
});

describe("ProfileEditorDialog", () => {
  it("says, on the alias field, that published pieces keep the alias they were signed with (issue 11 item 11)", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <ProfileEditorDialog open onClose={() => undefined} fullName="Wren Realname" alias="Alias Alder" />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const field = screen.getByRole("textbox", { name: /Writer Alias/ });
    expect(field.getAttribute("aria-describedby")).toBeTruthy();
    const description = document.getElementById(field.getAttribute("aria-describedby")!)!.textContent;
    expect(description).toBe("Leave empty to remove your alias. New pieces use the new alias; published pieces keep theirs.");
  });
});
