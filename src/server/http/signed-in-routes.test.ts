import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";

/*
 * Issue 24 item 6: every signed-in route answers a visitor 401, whatever the visitor sends — the
 * session is checked before the query, body or path is read. The routes come from the app
 * itself, so a new route is tested the day it is added: only the routes listed here as open to
 * visitors are left out.
 */

/** What a visitor may call (better-auth's forwarded routes are all under /api/auth/). */
const OPEN_TO_VISITORS = new Set([
  "GET /api/config",
  "POST /api/test/clock",
  "GET /api/health",
  // Readiness for a load balancer (issue 27 item 3); the metrics scrape answers to its own bearer token (item 2).
  "GET /api/ready",
  "GET /metrics",
  "GET /api/me",
  "POST /api/mail/unsubscribe",
  "POST /api/mail/resubscribe",
  "POST /api/mail/keep-reminding",
  "GET /api/prompts/today",
  "GET /api/prompts/freewrite",
  "POST /api/writing-sessions",
  "GET /api/submissions/:id",
  "GET /api/share/:token",
  "GET /api/og/:file",
  "GET /api/events",
  "GET /api/community/feed",
  "GET /api/community/prompts",
  "GET /api/community/pieces/:id",
  "GET /api/community/pieces/:id/comments",
  "GET /api/podium",
  // What an invite link shows of its circle (issue 29 item 2): anyone holding the link may read it.
  "GET /api/invites/:code",
  // Write-ins (issue 30): the server's clock, and the community's write-ins, their live panel and
  // results are anyone's to read (a circle's answer 404 to a visitor: write-ins.permissions.test.ts).
  "GET /api/time",
  "GET /api/write-ins",
  "GET /api/write-ins/:id",
  "GET /api/write-ins/:id/panel",
  "GET /api/write-ins/:id/panel/stream",
  "GET /api/write-ins/:id/results",
  "GET /api/write-ins/:id/calendar.ics",
]);
const isOpen = (route: string) => OPEN_TO_VISITORS.has(route) || route.split(" ")[1]!.startsWith("/api/auth/");

const BAD_QUERY = "?year=1999&month=13&cursor=%25%25not-a-cursor&limit=-5&share=x&token=x&view=nonsense";

/** Requests no route accepts, and one a route might: a visitor is refused each the same way. */
const VISITOR_REQUESTS = {
  "bad path, query and body": { param: "not-an-id", query: BAD_QUERY, body: JSON.stringify({ unexpected: [1], year: 1999 }) },
  "malformed JSON": { param: "not-an-id", query: "", body: '{"half' },
  "well-formed, empty": { param: "00000000-0000-4000-8000-000000000000", query: "", body: "{}" },
} as const;

let t: TestApp;
let signedInRoutes: { method: string; path: string }[];

beforeAll(async () => {
  t = await createTestApp();
  const seen = new Set<string>();
  signedInRoutes = [];
  // `use` middleware and catch-alls are registered as ALL; every route a client calls has its method.
  for (const { method, path } of t.app.routes) {
    const key = `${method} ${path}`;
    if (method === "ALL" || !path.startsWith("/api/") || seen.has(key) || isOpen(key)) continue;
    seen.add(key);
    signedInRoutes.push({ method, path });
  }
});
afterAll(async () => {
  await t?.close();
});

describe("a visitor on a signed-in route", () => {
  it("hears 401 whatever the request holds", async () => {
    expect(signedInRoutes.length, "the app's routes were read").toBeGreaterThan(50);
    const answered: string[] = [];
    for (const { method, path } of signedInRoutes) {
      for (const [name, req] of Object.entries(VISITOR_REQUESTS)) {
        const url = path.replace(/:\w+(\{[^}]*\})?/g, req.param) + req.query;
        const hasBody = method !== "GET" && method !== "HEAD";
        const res = await t.app.request(url, {
          method,
          headers: { origin: "http://localhost:3000", ...(hasBody ? { "content-type": "application/json" } : {}) },
          body: hasBody ? req.body : undefined,
        });
        const body = (await res.json().catch(() => null)) as { code?: string } | null;
        if (res.status !== 401 || body?.code !== "unauthorized") answered.push(`${method} ${path} (${name}): ${res.status} ${body?.code ?? ""}`);
      }
    }
    expect(answered, "signed-in routes that read the request before the session").toEqual([]);
  });

  it("lists only routes that exist as open to visitors", () => {
    const routes = new Set(t.app.routes.map((r) => `${r.method} ${r.path}`));
    expect([...OPEN_TO_VISITORS].filter((r) => !routes.has(r))).toEqual([]);
  });
});
