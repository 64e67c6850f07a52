import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_HEADER, APP_SHELL_PATH } from "#shared/pwa.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createPrompt, createUser } from "#tests/factories.ts";

/** Issue 16 item 1: the manifest, the offline app shell, and whose answers the worker may keep. */
let t: TestApp;
let dist: string;
const THEME = "document.documentElement.classList.toggle('dark', true);\n";

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "inkwell-pwa-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "theme.js"), THEME);
  writeFileSync(join(dist, "sw.js"), "self.addEventListener('fetch', () => undefined);\n");
  writeFileSync(join(dist, "index.html"), `<!doctype html><html><head><script src="/theme.js"></script><title>x</title><!--app-head--></head><body><div id="root"></div></body></html>`);
  t = await createTestApp({ CLIENT_DIST_DIR: dist, SITE_NAME: "Quillhouse" });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("the installable app", () => {
  it("serves a manifest named by SITE_NAME, with any and maskable icons, to anyone", async () => {
    const res = await t.request("/manifest.webmanifest");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/manifest+json");
    const body = (await res.json()) as { name: string; short_name: string; display: string; icons: { sizes: string; purpose: string }[] };
    expect(body).toMatchObject({ name: "Quillhouse", short_name: "Quillhouse", display: "standalone" });
    expect(body.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  });

  it("serves the app shell unrendered, with the default head and its theme script allowed by hash only", async () => {
    const res = await t.request(APP_SHELL_PATH);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Quillhouse</title>");
    expect(html).toContain('<div id="root"></div>');
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`script-src 'self' 'sha256-${createHash("sha256").update(THEME).digest("base64")}'`);
    expect(csp).not.toContain("unsafe-inline'; script");
  });

  it("serves the service worker uncached, so a new version is found on the next check (other root files keep an hour)", async () => {
    const worker = await t.request("/sw.js");
    expect(worker.status).toBe(200);
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    expect((await t.request("/theme.js")).headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("the app shell is the same for a signed-in writer: nothing personal is in it", async () => {
    const writer = await createUser(t, { name: "Shell Reader" });
    const html = await (await t.request(APP_SHELL_PATH, { cookie: writer.cookie })).text();
    expect(html).not.toContain("Shell Reader");
    expect(html).not.toContain(writer.email);
  });
});

describe("whose answer the worker may keep (the account header)", () => {
  it("names the writer on their own keepable answers, a visitor as visitor, and nothing elsewhere", async () => {
    await createPrompt(t);
    const writer = await createUser(t);
    const other = await createUser(t);
    for (const path of ["/api/me", "/api/prompts/today", "/api/me/portfolio-stats", "/api/me/submissions?sort=recent"]) {
      expect((await t.request(path, { cookie: writer.cookie })).headers.get(ACCOUNT_HEADER), path).toBe(writer.id);
      expect((await t.request(path, { cookie: other.cookie })).headers.get(ACCOUNT_HEADER), path).toBe(other.id);
    }
    expect((await t.request("/api/me")).headers.get(ACCOUNT_HEADER)).toBe("visitor");
    expect((await t.request("/api/prompts/today")).headers.get(ACCOUNT_HEADER)).toBe("visitor");
    // Not keepable: a later page, a search, anything else.
    for (const path of ["/api/me/submissions?sort=recent&q=door", "/api/me/notifications", "/api/community"]) {
      expect((await t.request(path, { cookie: writer.cookie })).headers.get(ACCOUNT_HEADER), path).toBeNull();
    }
  });
});
