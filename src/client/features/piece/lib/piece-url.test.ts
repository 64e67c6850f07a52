import { describe, expect, it } from "vitest";
import { openedFromList, pieceIn, scrollToRestore, withoutPiece, withPiece } from "./piece-url.ts";

const UUID = "0b6a4c1e-5f0e-4c47-9a8e-2d0c7a1f3b9d";

describe("pieceIn", () => {
  it("reads the open piece from its parameter", () => {
    expect(pieceIn(new URLSearchParams(`read=${UUID}`), "read")).toBe(UUID);
    expect(pieceIn(new URLSearchParams("q=sea"), "read")).toBeNull();
    expect(pieceIn(new URLSearchParams("read="), "read")).toBeNull();
  });

  it("ignores a value the route does not take for a piece", () => {
    const isUuidLike = (v: string) => /^[0-9a-f-]{36}$/.test(v);
    expect(pieceIn(new URLSearchParams("piece=nonsense"), "piece", isUuidLike)).toBeNull();
    expect(pieceIn(new URLSearchParams(`piece=${UUID}`), "piece", isUuidLike)).toBe(UUID);
  });
});

describe("withPiece / withoutPiece", () => {
  it("opens and closes a piece and keeps the list's view", () => {
    const list = new URLSearchParams("filter=featured&sort=liked&q=sea");
    const open = withPiece(list, "piece", UUID);
    expect(open.toString()).toBe(`filter=featured&sort=liked&q=sea&piece=${UUID}`);
    expect(withoutPiece(open, "piece").toString()).toBe(list.toString());
    expect(list.has("piece")).toBe(false);
  });

  it("replaces a piece already open", () => {
    expect(withPiece(new URLSearchParams("read=a"), "read", "b").toString()).toBe("read=b");
  });
});

describe("openedFromList", () => {
  it("is true only when the history state carries the list's flag", () => {
    expect(openedFromList({ fromFeed: true }, "fromFeed")).toBe(true);
    expect(openedFromList({ fromList: true }, "fromFeed")).toBe(false);
    expect(openedFromList({ fromFeed: "yes" }, "fromFeed")).toBe(false);
    expect(openedFromList(null, "fromFeed")).toBe(false);
    expect(openedFromList(undefined, "fromList")).toBe(false);
  });
});

describe("scrollToRestore", () => {
  it("returns the reader to where they were on the entry they left from", () => {
    expect(scrollToRestore({ entry: "k1", y: 1200 }, "k1")).toBe(1200);
  });

  it("does nothing on another entry, at the top, or with nothing saved", () => {
    expect(scrollToRestore({ entry: "k1", y: 1200 }, "k2")).toBeNull();
    expect(scrollToRestore({ entry: "k1", y: 0 }, "k1")).toBeNull();
    expect(scrollToRestore(undefined, "k1")).toBeNull();
  });
});
