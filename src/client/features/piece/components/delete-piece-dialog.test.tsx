import { describe, expect, it } from "vitest";
import { ApiError } from "#client/lib/api-client.ts";
import { deleteErrorToast } from "./delete-piece-dialog.tsx";

describe("deleteErrorToast (spec: profile toasts)", () => {
  it("names the server's message", () => {
    expect(deleteErrorToast(new ApiError(404, "delete_failed", "Delete failed or not permitted"))).toBe("Failed to delete: Delete failed or not permitted");
  });
  it("says Unknown error when the server gave no message", () => {
    expect(deleteErrorToast(new ApiError(500, "unknown", ""))).toBe("Failed to delete: Unknown error");
  });
  it("has its own toast for anything else thrown", () => {
    expect(deleteErrorToast(new TypeError("x is undefined"))).toBe("Unexpected error occurred while deleting");
    expect(deleteErrorToast(null)).toBe("Unexpected error occurred while deleting");
  });
});
