import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SEARCH_MAX_LENGTH } from "../constants.ts";
import { feedQuery, promptFilter } from "../schemas/community.ts";
import { readFeedSearch, readPromptFilter } from "./community.ts";

/** The browser reads the feed's URL without zod; it must accept exactly what the API accepts. */
describe("the feed's URL parameters, without zod", () => {
  const schemaPrompt = (v: string) => {
    const r = promptFilter.safeParse(v);
    return r.success ? r.data : null;
  };
  const schemaSearch = (v: string) => {
    const r = feedQuery.shape.q.safeParse(v);
    return r.success ? r.data : null;
  };

  it("takes all, freewrite or a prompt id, and nothing else", () => {
    expect(readPromptFilter("all")).toBe("all");
    expect(readPromptFilter("freewrite")).toBe("freewrite");
    expect(readPromptFilter("3f1c2a9e-8b7d-4c6e-9a5f-1e2d3c4b5a69")).toBe("3f1c2a9e-8b7d-4c6e-9a5f-1e2d3c4b5a69");
    for (const bad of ["", "All", "3f1c2a9e-8b7d-0c6e-9a5f-1e2d3c4b5a69", "3f1c2a9e", " all"]) expect(readPromptFilter(bad)).toBeNull();
  });

  it("answers as the API's promptFilter does, for any text", () => {
    const text = fc.oneof(fc.string(), fc.uuid(), fc.uuid().map((u) => u.toUpperCase()), fc.constantFrom("all", "freewrite", "00000000-0000-0000-0000-000000000000"));
    fc.assert(
      fc.property(text, (v) => {
        expect(readPromptFilter(v)).toBe(schemaPrompt(v));
      }),
      { numRuns: 2000 },
    );
  });

  it("trims a search and refuses one over the limit, as the API's feedQuery does", () => {
    expect(readFeedSearch("  rain ")).toBe("rain");
    expect(readFeedSearch("x".repeat(SEARCH_MAX_LENGTH + 1))).toBeNull();
    const text = fc.oneof(fc.string({ maxLength: SEARCH_MAX_LENGTH + 5 }), fc.string({ minLength: SEARCH_MAX_LENGTH - 2, maxLength: SEARCH_MAX_LENGTH + 2, unit: "grapheme" }).map((s) => ` ${s}\t`));
    fc.assert(
      fc.property(text, (v) => {
        expect(readFeedSearch(v)).toBe(schemaSearch(v));
      }),
      { numRuns: 2000 },
    );
  });
});
