import { describe, expect, it } from "vitest";
import { needsNewSession, SELF_EXPLAINING_REFUSALS, SESSION_REFUSALS, submitFailureMessage } from "./submit-errors.ts";
import { WRITING_MESSAGES } from "./writing-session.ts";

describe("submitFailureMessage", () => {
  it("says a request that gave up timed out, in the words of its action", () => {
    const failure = { code: "timeout", message: "Operation timed out after 15000ms" };
    expect(submitFailureMessage("save", failure)).toBe(WRITING_MESSAGES.saveTimedOut);
    expect(submitFailureMessage("publish", failure)).toBe(WRITING_MESSAGES.publishTimedOut);
  });

  it("shows a refusal that says what to do as it is", () => {
    for (const code of SELF_EXPLAINING_REFUSALS) {
      const message = `the server's words for ${code}`;
      expect(submitFailureMessage("save", { code, message })).toBe(message);
      expect(submitFailureMessage("publish", { code, message })).toBe(message);
    }
  });

  it("prefixes any other failure with its action", () => {
    expect(submitFailureMessage("save", { code: "closed", message: "The archive is closed" })).toBe("Save failed: The archive is closed");
    expect(submitFailureMessage("publish", { code: "network", message: "Could not reach the server." })).toBe("Publish failed: Could not reach the server.");
    expect(submitFailureMessage("publish", { code: "unknown", message: "Request failed (500)" })).toBe("Publish failed: Request failed (500)");
  });

  it("does not take the waiting-time refusal for a session that needs renewing", () => {
    expect(SELF_EXPLAINING_REFUSALS).toContain("writing_time_not_met");
    expect(SESSION_REFUSALS).not.toContain("writing_time_not_met");
  });
});

describe("needsNewSession", () => {
  it("is true after the refusals that leave this page's session unusable", () => {
    for (const code of ["invalid_writing_session", "writing_session_spent", "writing_session_used_up", "writing_session_expired"]) {
      expect(needsNewSession({ code, message: "" })).toBe(true);
    }
  });

  it("is false when the session can still make the piece", () => {
    for (const code of ["writing_time_not_met", "timeout", "network", "closed", "validation_error"]) {
      expect(needsNewSession({ code, message: "" })).toBe(false);
    }
  });
});
