import { SHARE_LINK_HOURS, SHARE_TOKEN_LENGTH } from "../constants.ts";

/**
 * Share links (spec §5, §9): a token of 8 characters from a 64-character alphabet, valid for
 * 24 hours. Pure: the random source and `now` are arguments (the server passes crypto.randomInt).
 */
export const SHARE_TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
export const SHARE_TOKEN_MIN_LENGTH = 6;
export const SHARE_TOKEN_MAX_LENGTH = 8;

const TOKEN_FORMAT = new RegExp(`^[A-Za-z0-9_-]{${SHARE_TOKEN_MIN_LENGTH},${SHARE_TOKEN_MAX_LENGTH}}$`);

/** 6 to 8 characters of letters, digits, hyphen, underscore. */
export function isValidShareTokenFormat(token: unknown): token is string {
  return typeof token === "string" && TOKEN_FORMAT.test(token);
}

/** `randomIndex(n)` must return a uniformly random integer in [0, n) from a cryptographic source. */
export function generateShareToken(randomIndex: (n: number) => number, length: number = SHARE_TOKEN_LENGTH): string {
  let token = "";
  for (let i = 0; i < length; i++) {
    const idx = randomIndex(SHARE_TOKEN_ALPHABET.length);
    if (!Number.isInteger(idx) || idx < 0 || idx >= SHARE_TOKEN_ALPHABET.length) throw new RangeError("random index out of range");
    token += SHARE_TOKEN_ALPHABET[idx];
  }
  return token;
}

export function shareLinkExpiry(now: Date, hours: number = SHARE_LINK_HOURS): Date {
  return new Date(now.getTime() + hours * 60 * 60 * 1000);
}

/** Active until expires_at, then invalid at once. */
export function isShareLinkActive(expiresAt: Date | string, now: Date): boolean {
  return new Date(expiresAt).getTime() > now.getTime();
}
