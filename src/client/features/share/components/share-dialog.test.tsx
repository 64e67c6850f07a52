import { describe, expect, it } from "vitest";
import { SHARE_LINK_COPIED, sharedSignatureNotice } from "./share-dialog.tsx";

describe("share dialog wording", () => {
  it("tells the writer how the link's readers will see the piece signed", () => {
    expect(sharedSignatureNotice("Olive Owner")).toBe("People with this link will see it signed as Olive Owner.");
  });
  it("confirms a copy in the spec's words", () => {
    expect(SHARE_LINK_COPIED).toBe("Share link copied to clipboard!");
  });
});
