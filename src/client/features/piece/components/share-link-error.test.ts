import { describe, expect, it } from "vitest";
import { ApiError } from "#client/lib/api-client.ts";
import { shareErrorMessage } from "./share-link-error.tsx";

describe("shareErrorMessage (spec: Share link messages)", () => {
  it("names a malformed token, whatever the server said", () => {
    expect(shareErrorMessage("bad!", new ApiError(404, "not_found", "Not found"))).toBe("Invalid share link format");
    expect(shareErrorMessage("abc", null)).toBe("Invalid share link format");
  });
  it("says invalid or expired when the server finds nothing the token opens", () => {
    expect(shareErrorMessage("Zz9_Zz9-", new ApiError(404, "not_found", "Not found"))).toBe("This share link is invalid or has expired");
  });
  it("says the content failed to load for anything else", () => {
    expect(shareErrorMessage("Zz9_Zz9-", new ApiError(503, "unavailable", "busy"))).toBe("Failed to load shared content");
    expect(shareErrorMessage("Zz9_Zz9-", new TypeError("offline"))).toBe("Failed to load shared content");
  });
});
