import { describe, expect, it } from "vitest";
import { SHARE_TOKEN_ALPHABET, generateShareToken, isShareLinkActive, isValidShareTokenFormat, shareLinkExpiry } from "./share-token.ts";

describe("isValidShareTokenFormat", () => {
  it.each(["abcdef", "ABCDEFG", "a1B2c3D4", "__--__", "Zz09-_xy"])("accepts %s", (token) => {
    expect(isValidShareTokenFormat(token)).toBe(true);
  });

  it.each([
    ["too short", "abcde"],
    ["too long", "abcdefghi"],
    ["empty", ""],
    ["a space", "abc def"],
    ["punctuation", "abc.def"],
    ["a slash", "abc/def"],
    ["a plus (base64, not base64url)", "abc+defg"],
    ["non-ASCII letters", "abcdéf"],
    ["a trailing newline", "abcdefg\n"],
  ])("refuses %s", (_label, token) => {
    expect(isValidShareTokenFormat(token)).toBe(false);
  });

  it("refuses what is not a string", () => {
    expect(isValidShareTokenFormat(undefined)).toBe(false);
    expect(isValidShareTokenFormat(12345678)).toBe(false);
  });
});

describe("generateShareToken", () => {
  it("draws 8 characters from a 64-character alphabet", () => {
    expect(SHARE_TOKEN_ALPHABET).toHaveLength(64);
    expect(new Set(SHARE_TOKEN_ALPHABET).size).toBe(64);
    let i = 0;
    const token = generateShareToken(() => i++ * 9 % 64);
    expect(token).toHaveLength(8);
    expect(isValidShareTokenFormat(token)).toBe(true);
  });

  it("uses every index of the alphabet", () => {
    expect(generateShareToken(() => 0)).toBe("AAAAAAAA");
    expect(generateShareToken(() => 63)).toBe("________");
    expect(generateShareToken(() => 62, 6)).toBe("------");
  });

  it("refuses a random source out of range", () => {
    expect(() => generateShareToken(() => 64)).toThrow(RangeError);
    expect(() => generateShareToken(() => 1.5)).toThrow(RangeError);
  });
});

describe("share link lifetime", () => {
  const now = new Date("2026-03-01T12:00:00Z");
  it("expires 24 hours after it is made", () => {
    expect(shareLinkExpiry(now).toISOString()).toBe("2026-03-02T12:00:00.000Z");
  });
  it("is active until the expiry instant and not at it", () => {
    const expires = shareLinkExpiry(now);
    expect(isShareLinkActive(expires, new Date(expires.getTime() - 1))).toBe(true);
    expect(isShareLinkActive(expires, expires)).toBe(false);
    expect(isShareLinkActive(expires.toISOString(), new Date(expires.getTime() + 1))).toBe(false);
  });
});
