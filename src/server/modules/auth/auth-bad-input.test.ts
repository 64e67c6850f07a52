import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_URL, createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { authRoutes } from "./auth.routes.ts";

/*
 * Issue 24 item 2: no input to a route forwarded to better-auth may produce a 500. The routes
 * are read from the router itself, so a route added later joins this walk without anyone
 * remembering to list it; each gets every bad body (or query) as a visitor and as a writer.
 */

let t: TestApp;
let writer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  writer = await createUser(t);
});
afterAll(async () => t?.close());

/** Every forwarded route once (middleware and handler are separate entries), without the catch-all 404. */
const FORWARDED = [...new Map(authRoutes.routes.filter((r) => r.path !== "/auth/*").map((r) => [`${r.method} ${r.path}`, r])).values()].map((r) => ({
  method: r.method,
  path: `/api${r.path.replace(/:\w+/g, "not-a-real-token")}`,
}));

const long = "a".repeat(5000);
const BODIES: { type?: string; body?: string }[] = [
  {},
  { type: "application/json" },
  { type: "application/json", body: "" },
  { type: "application/json", body: "{" },
  { type: "application/json", body: "null" },
  { type: "application/json", body: "[]" },
  { type: "application/json", body: '"text"' },
  { type: "application/json", body: "12" },
  { type: "application/json", body: "{}" },
  { type: "application/json", body: JSON.stringify({ email: 5, password: [], name: {}, token: 7, newPassword: null, callbackURL: 42, redirectTo: false }) },
  { type: "application/json", body: JSON.stringify({ email: "nobody@example.com", callbackURL: "https://elsewhere.example/x", redirectTo: "javascript:alert(1)" }) },
  { type: "application/json", body: JSON.stringify({ email: `${long}@example.com`, password: long, name: long, token: long, newPassword: long, callbackURL: `/${long}` }) },
  { type: "application/json", body: JSON.stringify({ email: "nobody@example.com", password: "a quiet room to write", token: "abc", newPassword: "a quiet room to write" }) },
  { type: "application/json; charset=utf-8", body: JSON.stringify({ email: "nobody@example.com", __proto__: { isAdmin: true }, constructor: { prototype: {} } }) },
];
const QUERIES = ["", "?token=", "?token=garbage", "?token=a.b.c&callbackURL=https://elsewhere.example", "?callbackURL=javascript:alert(1)", "?token[]=x&token=y", `?token=${long}`, "?error=%E0%A4%A"];

describe("routes forwarded to better-auth", () => {
  it("are all walked (a route added later is found here too)", () => {
    const names = FORWARDED.map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(expect.arrayContaining(["POST /api/auth/sign-up/email", "POST /api/auth/send-verification-email", "GET /api/auth/verify-email"]));
  });

  it("answer every bad body or query with a 4xx or a success, never a 5xx, signed out or in", { timeout: 240_000 }, async () => {
    const fivehundreds: string[] = [];
    for (const route of FORWARDED) {
      const attempts = route.method === "GET" ? QUERIES.map((q) => ({ url: route.path + q, init: {} as { type?: string; body?: string } })) : BODIES.map((b) => ({ url: route.path, init: b }));
      for (const { url, init } of attempts) {
        for (const cookie of [undefined, writer.cookie]) {
          const res = await t.app.request(url, {
            method: route.method,
            headers: { origin: APP_URL, ...(init.type ? { "content-type": init.type } : {}), ...(cookie ? { cookie } : {}) },
            body: init.body,
          });
          if (res.status >= 500) fivehundreds.push(`${route.method} ${url.slice(0, 80)} ${init.body?.slice(0, 60) ?? "(no body)"} ${cookie ? "writer" : "visitor"}: ${res.status} ${(await res.text()).slice(0, 120)}`);
        }
      }
    }
    expect(fivehundreds).toEqual([]);
  });
});
