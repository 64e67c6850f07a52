import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import { METRICS_TOKEN, sample, scrape } from "../modules/metrics/test-helpers.ts";

/** The public pages rendered on the server (decision 010), with the renderer built from source. */
let t: TestApp;
let dist: string;
let writer: TestUser;
const EVIL = "</script><script>alert(1)</script><!--";

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "inkwell-ssr-"));
  // The shell as Vite writes it (index.html with its root element), without the scripts.
  writeFileSync(join(dist, "index.html"), readFileSync(resolve("index.html"), "utf8").replace(/<script type="module"[^>]*><\/script>/, ""));
  t = await createTestApp({ CLIENT_DIST_DIR: dist, SSR_ENTRY: resolve("src/client/ssr/entry-server.tsx"), METRICS_TOKEN });
  writer = await createUser(t, { name: "Margaret Hidden", alias: "Night Owl" });
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The markup inside #root and the parsed hydration state of a page. */
async function page(path: string, cookie?: string) {
  const res = await t.request(path, { cookie: cookie ?? null });
  const html = await res.text();
  const root = /<div id="root">([\s\S]*?)<\/div>(?:<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>)?\s*<noscript>/.exec(html);
  const stateText = root?.[2];
  return { res, html, root: root?.[1] ?? "", state: stateText ? (JSON.parse(stateText) as { queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } }) : null };
}

describe("server-rendered public pages", () => {
  it("sends the home page's first screen in the HTML", async () => {
    const { res, root, state } = await page("/");
    expect(res.status).toBe(200);
    expect(root).toContain("Welcome to the writing club.");
    expect(state?.queries.queries.map((q) => q.queryKey[0])).toEqual(expect.arrayContaining(["me", "config"]));
    expect(res.headers.get("vary")).toMatch(/cookie/i);
  });

  it("renders a piece containing </script> as inert text, in the markup and in the state", async () => {
    const piece = await createSubmission(t, writer, { title: `Title ${EVIL}`, content: `Body ${EVIL}` });
    for (const path of [`/submission/${piece.id}`, "/community", `/community?piece=${piece.id}`]) {
      const { html, root, state } = await page(path);
      // Only the page's own script elements: theme.js, the head's JSON-LD, the state (JSON no text can close).
      const scripts = html.match(/<script[^>]*>/g) ?? [];
      expect(scripts.filter((s) => !['<script src="/theme.js">', '<script type="application/ld+json">'].includes(s)), path).toEqual([
        '<script type="application/json" id="ssr-state">',
      ]);
      expect(html).not.toContain("<script>alert(1)</script>");
      expect(html).not.toContain("alert(1)</script>");
      expect(root, path).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
      // The text comes back whole when the browser parses the state.
      expect(JSON.stringify(state), path).toContain(EVIL);
    }
  });

  it("carries exactly what the API gives a visitor, and never who is behind an anonymous piece", async () => {
    const anon = await createSubmission(t, writer, { title: "Unsigned", submissionType: "anonymous" });
    const { root, state } = await page(`/submission/${anon.id}`);
    expect(root).toContain("Unsigned");
    expect(root).toContain("Anonymous");
    const all = JSON.stringify(state) + root;
    expect(all).not.toContain("Margaret Hidden");
    expect(all).not.toContain("Night Owl");
    expect(all).not.toContain(writer.id);
    const visitor = await t.json<{ submission: unknown }>(`/api/submissions/${anon.id}`);
    const rendered = state?.queries.queries.find((q) => q.queryKey[0] === "piece");
    expect(rendered?.state.data).toEqual(visitor.body.submission);
    const feed = await page("/community");
    const api = await t.json("/api/community/feed?prompt=all&filter=all&sort=recent");
    const first = feed.state?.queries.queries.find((q) => q.queryKey[1] === "feed");
    expect((first?.state.data as { pages: unknown[] }).pages[0]).toEqual(api.body);
  });

  it("renders nothing for a signed-in reader: their browser renders the page, as before", async () => {
    await createSubmission(t, writer, { title: "Mine, public" });
    const { res, root, state } = await page("/community", writer.cookie);
    expect(root).toBe("");
    expect(state).toBeNull();
    expect(res.headers.get("vary")).toMatch(/cookie/i);
  });

  it("renders only the public pages, and still answers an unknown path with the app and a 404", async () => {
    expect((await page("/write")).root).toBe("");
    expect((await page("/admin")).root).toBe("");
    const missing = await page("/no-such-page");
    expect(missing.res.status).toBe(404);
    expect(missing.root).toBe("");
  });

  it("counts a rendered page as one request in the metrics, not the API questions it asked in process", async () => {
    const before = await scrape(t);
    const { state } = await page("/");
    expect(state?.queries.queries.map((q) => q.queryKey[0])).toEqual(expect.arrayContaining(["me", "config"]));
    const after = await scrape(t);
    const counted = (route: string) => sample(after, "inkwell_http_requests_total", { method: "GET", route, status: "200" }) - sample(before, "inkwell_http_requests_total", { method: "GET", route, status: "200" });
    expect([counted("/*"), counted("/api/me"), counted("/api/config")]).toEqual([1, 0, 0]);
  });
});
