import { describe, expect, it } from "vitest";
import { DEFAULT_FEED_PARAMS } from "#shared/domain/community.ts";
import { readFeedParams, writeFeedParams } from "./feed-params.ts";

describe("the view in the URL", () => {
  it("reads a shared link, and falls back to the defaults for anything unknown", () => {
    const id = "3a69e245-06c6-4414-abd2-25d63c17d6ab";
    expect(readFeedParams(new URLSearchParams(`prompt=${id}&filter=week&sort=author&q=%20rain%20`))).toEqual({ prompt: id, filter: "week", sort: "author", q: "rain" });
    expect(readFeedParams(new URLSearchParams("prompt=freewrite"))).toMatchObject({ prompt: "freewrite" });
    expect(readFeedParams(new URLSearchParams("prompt=drop&filter=mine&sort=random"))).toEqual(DEFAULT_FEED_PARAMS);
    expect(readFeedParams(new URLSearchParams(`q=${"x".repeat(500)}`)).q).toBe("");
  });

  it("writes only what differs from the defaults and keeps the open piece", () => {
    const next = writeFeedParams(new URLSearchParams("piece=abc&sort=liked&q=old"), { ...DEFAULT_FEED_PARAMS, filter: "featured", q: "" });
    expect(next.toString()).toBe("piece=abc&filter=featured");
  });
});
