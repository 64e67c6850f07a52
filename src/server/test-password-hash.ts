import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";

/**
 * Test-only (TEST_CHEAP_PASSWORD_HASH, refused unless NODE_ENV=test): scrypt at a 64th of
 * better-auth's cost (N 1024 and r 4 against N 16384 and r 16). A hash at the shipped cost takes
 * ~130 ms of a core here, and the suites sign up thousands of writers: the circle tests took 133 s
 * of CPU with this against 167 s without (one run each). Still scrypt with a random salt, checked in
 * constant time.
 * Its hashes say so (`cheap-scrypt$salt:key`); any other hash is checked by better-auth's own
 * verify, so a test server also signs in accounts made at the shipped cost (scripts/seed.ts).
 */
const PREFIX = "cheap-scrypt$";
const PARAMS = { N: 1024, r: 4, p: 1 };
const KEY_LENGTH = 64;

function key(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, PARAMS, (err, k) => (err ? reject(err) : resolve(k))),
  );
}

export const cheapPasswordHash = {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString("hex");
    return `${PREFIX}${salt}:${(await key(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    if (!hash.startsWith(PREFIX)) return verifyPassword({ hash, password });
    const [salt, stored] = hash.slice(PREFIX.length).split(":");
    if (!salt || !stored) return false;
    const expected = Buffer.from(stored, "hex");
    const actual = await key(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
