import { describe, expect, it } from "vitest";
import { ApiError } from "#client/lib/api-client.ts";
import { profileUpdateErrorToast } from "./profile-editor-dialog.tsx";

describe("profileUpdateErrorToast (spec: profile toasts)", () => {
  it("names the server's message after 'Failed to update alias:'", () => {
    expect(profileUpdateErrorToast(new ApiError(422, "invalid", "Please enter your name"))).toBe("Failed to update alias: Please enter your name");
  });
  it("is 'Unexpected error occurred while updating profile' alone for anything else thrown", () => {
    expect(profileUpdateErrorToast(new TypeError("cannot read properties of undefined"))).toBe("Unexpected error occurred while updating profile");
    expect(profileUpdateErrorToast("boom")).toBe("Unexpected error occurred while updating profile");
  });
});
