import { describe, expect, it } from "vitest";
import type { CommunityFeedPage, CommunityPiece } from "../schemas/community.ts";
import { withViewerMarks } from "./viewer-marks.ts";

const card = (id: string, flags: Partial<CommunityPiece> = {}) => ({ id, likedByMe: false, isMine: false, ...flags }) as CommunityPiece;

describe("a feed page with the reader's marks", () => {
  it("sets each card's likedByMe and isMine from the marks, and drops them", () => {
    const page: CommunityFeedPage = { marks: { likedByMe: ["b"], isMine: ["a"] }, items: [card("a"), card("b"), card("c")], nextCursor: "next" };
    expect(withViewerMarks(page)).toEqual({
      items: [card("a", { isMine: true }), card("b", { likedByMe: true }), card("c")],
      nextCursor: "next",
    });
  });

  it("leaves a page without marks as it came (a search, or a page made for this reader alone)", () => {
    const page: CommunityFeedPage = { items: [card("a", { likedByMe: true, isMine: true })], nextCursor: null };
    expect(withViewerMarks(page)).toBe(page);
  });
});
