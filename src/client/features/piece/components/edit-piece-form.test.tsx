import { describe, expect, it } from "vitest";
import { ApiError } from "#client/lib/api-client.ts";
import { editSaveError } from "./edit-piece-form.tsx";

describe("editSaveError (spec §8 edit save failure)", () => {
  it("uses the timeout wording when the save timed out", () => {
    expect(editSaveError(new ApiError(0, "timeout", "Operation timed out after 15000ms"))).toBe("Save timed out. Please check your connection and try again.");
  });
  it("names the server's message", () => {
    expect(editSaveError(new ApiError(404, "not_found", "Submission not found or you do not have permission to edit it"))).toBe(
      "Save failed: Submission not found or you do not have permission to edit it",
    );
  });
  it("falls back to the default", () => {
    expect(editSaveError(null)).toBe("Failed to save changes");
    expect(editSaveError(new Error(""))).toBe("Failed to save changes");
  });
});
