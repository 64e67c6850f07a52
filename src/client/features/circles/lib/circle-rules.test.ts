import { describe, expect, it } from "vitest";
import type { CircleMember } from "#shared/schemas/circles.ts";
import { canModerate, memberActions, membersLabel, newPiecesLabel } from "./circle-rules.ts";

const member = (over: Partial<CircleMember> = {}): CircleMember => ({
  userId: "11111111-1111-4111-8111-111111111111",
  name: "Ada",
  role: "member",
  joinedAt: "2026-01-01T00:00:00.000Z",
  isMe: false,
  ...over,
});

describe("newPiecesLabel", () => {
  it("says nothing when nothing is new", () => expect(newPiecesLabel(0, false)).toBeNull());
  it("counts what is new", () => expect(newPiecesLabel(3, false)).toBe("3 new"));
  it("adds + when the server capped the count", () => expect(newPiecesLabel(99, true)).toBe("99+ new"));
});

describe("memberActions", () => {
  it("gives the owner role changes, hand-over and removal of others", () => {
    expect(memberActions("owner", member())).toEqual(["make-moderator", "hand-over", "remove"]);
    expect(memberActions("owner", member({ role: "moderator" }))).toEqual(["unmake-moderator", "hand-over", "remove"]);
  });
  it("lets a moderator remove members but not other moderators", () => {
    expect(memberActions("moderator", member())).toEqual(["remove"]);
    expect(memberActions("moderator", member({ role: "moderator" }))).toEqual([]);
  });
  it("gives a member nothing, and nobody anything on the owner or on their own row", () => {
    expect(memberActions("member", member())).toEqual([]);
    expect(memberActions("moderator", member({ role: "owner" }))).toEqual([]);
    expect(memberActions("owner", member({ isMe: true, role: "owner" }))).toEqual([]);
  });
});

describe("canModerate and membersLabel", () => {
  it("moderates as owner or moderator only", () => {
    expect([canModerate("owner"), canModerate("moderator"), canModerate("member"), canModerate(null)]).toEqual([true, true, false, false]);
  });
  it("says member or members", () => expect([membersLabel(1), membersLabel(2)]).toEqual(["1 member", "2 members"]));
});
