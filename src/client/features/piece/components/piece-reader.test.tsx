import { describe, expect, it } from "vitest";
import type { PieceView } from "#shared/schemas/portfolio.ts";
import { ownVersion } from "./piece-reader.tsx";

const base: PieceView = {
  id: "00000000-0000-4000-8000-000000000001",
  title: "Published title",
  content: "published words",
  wordCount: 2,
  pagesWritten: 0.01,
  createdAt: "2026-03-01T12:00:00.000Z",
  updatedAt: "2026-03-01T12:00:00.000Z",
  isPrivate: false,
  isFeatured: false,
  submissionType: "name",
  authorLabel: "Olive Owner",
  likeCount: 0,
  commentCount: 0,
  prompt: { id: "p", text: "Write about a door", date: "2026-03-01", kind: "daily" },
  isOwner: true,
  privateTitle: null,
  privateContent: null,
  privateWordCount: null,
  privatePagesWritten: null,
  edited: false,
  privateDiffers: false,
  commentsOff: false,
  contentWarning: null,
};

describe("ownVersion (the writer's view of their piece)", () => {
  it("is the published piece while there is no private version", () => {
    expect(ownVersion(base)).toMatchObject({ title: "Published title", displayTitle: "Published title", content: "published words", wordCount: 2 });
  });

  it("takes the private title and text once there is a private version", () => {
    const v = ownVersion({ ...base, privateTitle: "Mine", privateContent: "my own words here", privateWordCount: 4, edited: true });
    expect(v).toMatchObject({ title: "Mine", displayTitle: "Mine", content: "my own words here", wordCount: 4 });
  });

  it("keeps a title the writer removed in the private version removed (the prompt stands in)", () => {
    const v = ownVersion({ ...base, privateTitle: null, privateContent: "my own words", privateWordCount: 3, edited: true });
    expect(v.title).toBeNull();
    expect(v.displayTitle).toBe("Write about a door");
  });
});
