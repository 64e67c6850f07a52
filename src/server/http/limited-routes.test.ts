import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tooManyRequestsMessage } from "#shared/errors.ts";
import { cookieFrom, createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createSubmission } from "#tests/factories.ts";

/*
 * Issue 11, item 16: every rate-limited route says the real wait, in its message and in
 * Retry-After alike — ours (http/rate-limit.ts) and better-auth's. Every limit is scaled down to
 * one request per window, so the second request of each route is the refused one.
 */

let t: TestApp;
let writer: { id: string; cookie: string };
let pieceId: string;

/** Signs up from its own address (sign-up itself allows one per address per window here). */
async function signUp(name: string, ip: string) {
  const res = await t.request("/api/auth/sign-up/email", {
    json: { name, email: `${name.replace(/\W/g, "").toLowerCase()}@example.com`, password: "a quiet room to write", timeZone: "UTC" },
    headers: { "x-forwarded-for": ip },
  });
  expect(res.status).toBe(200);
  return { id: ((await res.json()) as { user: { id: string } }).user.id, cookie: cookieFrom(res) };
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_SCALE: "0.001", TRUST_PROXY: "true" });
  writer = await signUp("Limited Writer", "192.0.2.1");
  pieceId = (await createSubmission(t, await signUp("Piece Writer", "192.0.2.2"))).id;
});
afterAll(async () => {
  await t?.close();
});

const ip = { "x-forwarded-for": "198.51.100.1" };
const ROUTES: Record<string, { windowS: number; call: () => Promise<Response> }> = {
  "sign-up": {
    windowS: 600,
    call: () => t.request("/api/auth/sign-up/email", { json: { name: "Again", email: `again-${Math.random()}@example.com`, password: "a quiet room to write" }, headers: { "x-forwarded-for": "192.0.2.3" } }),
  },
  "sign-in (better-auth)": { windowS: 60, call: () => t.request("/api/auth/sign-in/email", { json: { email: "who@example.com", password: "not the one" }, headers: ip }) },
  "reset request (better-auth)": { windowS: 600, call: () => t.request("/api/auth/request-password-reset", { json: { email: "who@example.com" }, headers: ip }) },
  "reset (better-auth)": { windowS: 600, call: () => t.request("/api/auth/reset-password", { json: { token: "abcdefgh12345678", newPassword: "a quiet room to write" }, headers: ip }) },
  profile: { windowS: 3600, call: () => t.request("/api/me/profile", { method: "PATCH", json: { name: "Limited Writer", alias: null }, cookie: writer.cookie }) },
  "share links": { windowS: 3600, call: () => t.request(`/api/submissions/${pieceId}/share-links`, { json: {}, cookie: writer.cookie }) },
  comments: { windowS: 60, call: () => t.request(`/api/community/pieces/${pieceId}/comments`, { json: { content: "Lovely." }, cookie: writer.cookie, headers: ip }) },
  likes: { windowS: 60, call: () => t.request(`/api/community/pieces/${pieceId}/like`, { method: "PUT", cookie: writer.cookie, headers: ip }) },
  "writing sessions": { windowS: 60, call: () => t.request("/api/writing-sessions", { method: "POST", json: {}, headers: ip }) },
  "OG image": { windowS: 60, call: () => t.request(`/api/og/${pieceId}.png`, { headers: ip }) },
};

describe("every limited route says the real wait", () => {
  it.each(Object.keys(ROUTES))("%s", async (name) => {
    const route = ROUTES[name]!;
    expect((await route.call()).status, "the first request is not limited").not.toBe(429);
    const refused = await route.call();
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(route.windowS - 30);
    expect(retryAfter).toBeLessThanOrEqual(route.windowS);
    expect(await refused.json()).toEqual({ code: "rate_limited", message: tooManyRequestsMessage(retryAfter) });
  });
});
