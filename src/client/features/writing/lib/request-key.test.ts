import { describe, expect, it } from "vitest";
import { attemptFor, newRequestKey } from "./request-key.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newRequestKey", () => {
  it("is a uuid v4 even outside a secure context, and a new one each time", () => {
    const keys = new Set(Array.from({ length: 50 }, newRequestKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });
});

describe("attemptFor", () => {
  let n = 0;
  const next = () => `key-${++n}`;

  it("gives a first attempt a new key", () => {
    expect(attemptFor(null, "a", next)).toEqual({ fingerprint: "a", key: "key-1" });
  });

  it("keeps the key of a retry of the same attempt", () => {
    const first = attemptFor(null, "same", next);
    expect(attemptFor(first, "same", next)).toBe(first);
  });

  it("gives a changed attempt a new key", () => {
    const first = attemptFor(null, "before", next);
    const changed = attemptFor(first, "after", next);
    expect(changed.fingerprint).toBe("after");
    expect(changed.key).not.toBe(first.key);
  });
});
