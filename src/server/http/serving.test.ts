import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createSubmission, createUser } from "#tests/factories.ts";

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "inkwell-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><html><head><title>x</title><!--app-head--></head><body><div id=root></div></body></html>");
  writeFileSync(join(dist, "assets", "app-abc123.js"), "console.log('hi')");
  t = await createTestApp({ CLIENT_DIST_DIR: dist, SITE_NAME: "Night Ink" });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("serving", () => {
  it("puts security headers on every response", async () => {
    for (const path of ["/", "/api/health", "/assets/app-abc123.js"]) {
      const res = await t.request(path);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("unsafe-inline'; script");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBeTruthy();
    }
  });

  it("sends Strict-Transport-Security only when the public URL is https", async () => {
    expect((await t.request("/api/health")).headers.get("strict-transport-security")).toBeNull();
    const https = await createTestApp({ APP_URL: "https://ink.example.org" });
    try {
      for (const path of ["/", "/api/health"]) {
        expect((await https.request(path)).headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      }
    } finally {
      await https.close();
    }
  });

  it("answers 404 for a path that is no page of the app, still with the app (its not-found page)", async () => {
    for (const path of ["/nope", "/community/extra", "/submission", "/admin/secret"]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('<div id=root>');
    }
    for (const path of ["/", "/community", "/submission/2b6c1e4a-0000-4000-8000-000000000000", "/edit/x", "/admin/podium", "/share/abcdefgh"]) {
      expect((await t.request(path)).status, path).toBe(200);
    }
  });

  it("serves the app for client routes, with the site name and description in the head, never cached", async () => {
    const res = await t.request("/community");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const html = await res.text();
    expect(html).toContain("<title>Night Ink</title>");
    expect(html).toContain('<meta name="description" content="one prompt, 10 minutes a day, Night Ink.');
  });

  it("caches hashed assets for a year and answers 404, not the app, for a missing asset", async () => {
    const found = await t.request("/assets/app-abc123.js");
    expect(found.headers.get("cache-control")).toContain("immutable");
    const missing = await t.request("/assets/missing-123.js");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("application/json");
    expect((await t.request("/api/nothing-here")).status).toBe(404);
  });

  it("reports health with a database round trip and exposes the public config", async () => {
    const health = await t.json<{ status: string; database: string }>("/api/health");
    expect(health.status).toBe(200);
    expect(health.body.status).toBe("ok");
    const config = await t.json<{ siteName: string; minWritingSeconds: number }>("/api/config");
    expect(config.body).toMatchObject({ siteName: "Night Ink", minWritingSeconds: 0 });
  });

  it("compresses JSON when the client accepts it", async () => {
    const res = await t.request("/api/config", { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
  });

  it("never lets a shared cache keep a page whose head describes a private piece", async () => {
    const owner = await createUser(t);
    const secret = await createSubmission(t, owner, { isPrivate: true, title: "Only mine" });
    const open = await createSubmission(t, owner, { isPrivate: false, title: "For everyone" });
    const mine = await t.request(`/submission/${secret.id}`, { cookie: owner.cookie });
    expect(await mine.text()).toContain("Only mine");
    expect(mine.headers.get("cache-control")).toBe("private, no-cache");
    const visitor = await t.request(`/submission/${secret.id}`);
    expect(await visitor.text()).not.toContain("Only mine");
    const pub = await t.request(`/submission/${open.id}`);
    expect(await pub.text()).toContain("For everyone");
    expect(pub.headers.get("cache-control")).toBe("no-cache");
  });
});
