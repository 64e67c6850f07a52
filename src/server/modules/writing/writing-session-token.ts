import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * Writing-session tokens: the server's word that writing started at a given time.
 * `base64url(JSON {v, s: startedAt ms, n: nonce, p?}) "." base64url(HMAC-SHA256(secret, payload))`.
 * `p` is a later-dated prompt /write showed when writing started (its writer's date was before
 * every stored prompt): the piece may answer it even if an earlier prompt is stored meanwhile.
 * Not bound to a user, so a visitor's session survives signing up; the nonce is what gets
 * spent (spent_writing_sessions) by the save or publish it allowed.
 */
const VERSION = 1;
const NONCE_BYTES = 16;
const MAX_TOKEN_LENGTH = 512;
/** What the signed part carries: the version, the start in ms (a safe integer), the nonce. */
const tokenPayload = z.object({ v: z.literal(VERSION), s: z.int(), n: z.string().min(1), p: z.string().optional() });

export interface WritingSession {
  startedAtMs: number;
  nonce: string;
  /** A later-dated prompt shown when writing started, which the piece may answer. */
  shownPromptId?: string;
}

function sign(secret: string, payload: string): Buffer {
  return createHmac("sha256", `writing-session:${secret}`).update(payload).digest();
}

export function issueWritingSession(secret: string, now: Date, shownPromptId?: string): { token: string; session: WritingSession } {
  const session: WritingSession = { startedAtMs: now.getTime(), nonce: randomBytes(NONCE_BYTES).toString("base64url"), shownPromptId };
  const payload = Buffer.from(JSON.stringify({ v: VERSION, s: session.startedAtMs, n: session.nonce, p: shownPromptId })).toString("base64url");
  return { token: `${payload}.${sign(secret, payload).toString("base64url")}`, session };
}

/** The session a token stands for, or null when it is malformed or not signed by us. */
export function verifyWritingSession(secret: string, token: string): WritingSession | null {
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split(".");
  if (parts.length !== 2) return null;
  const [payload, mac] = parts as [string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]+$/.test(mac)) return null;
  const expected = sign(secret, payload);
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const d = tokenPayload.safeParse(data);
  return d.success ? { startedAtMs: d.data.s, nonce: d.data.n, shownPromptId: d.data.p } : null;
}
