import { z } from "zod";

/*
 * better-auth's email links are signed JWTs (better-auth/dist/api/routes/email-verification.mjs):
 * { email, updateTo?, requestType? }. An email change's link says "change-email-verification",
 * carries the address it changes from and to, and when it was issued. Read here WITHOUT checking
 * the signature, only to choose which email to send (auth.ts) or to refuse early (the link's
 * route): better-auth itself checks the signature before it changes anything.
 */
const changePayload = z.object({
  email: z.string(),
  updateTo: z.string(),
  requestType: z.literal("change-email-verification"),
  iat: z.number(),
});

export interface EmailChange {
  from: string;
  to: string;
  /** When the link was made (ms since the epoch). */
  issuedAt: number;
}

export function emailChangeOf(token: string | null | undefined): EmailChange | null {
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const parsed = changePayload.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return parsed.success ? { from: parsed.data.email, to: parsed.data.updateTo, issuedAt: parsed.data.iat * 1000 } : null;
  } catch {
    return null;
  }
}
