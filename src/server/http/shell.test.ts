import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";

/** The page's first paint waits on no other request: its CSS and theme script come inlined. */
let t: TestApp;
let dist: string;
const THEME = "document.documentElement.classList.toggle('dark', false);\n";
const write = (html: string, css: string) => {
  writeFileSync(join(dist, "index.html"), html);
  writeFileSync(join(dist, "assets", "index-abc.css"), css);
};
const PAGE = `<!doctype html><html><head><script src="/theme.js"></script><title>x</title><!--app-head--><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "inkwell-shell-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "theme.js"), THEME);
  write(PAGE, "body{color:red}");
  t = await createTestApp({ CLIENT_DIST_DIR: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("the page shell", () => {
  it("inlines the stylesheet and the theme script, allowing that script alone by its hash", async () => {
    const res = await t.request("/signin");
    const html = await res.text();
    expect(html).toContain("<style>body{color:red}</style>");
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain(`<script>${THEME}</script>`);
    const hash = createHash("sha256").update(THEME).digest("base64");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain("unsafe-inline'; script");
    // Every other response keeps the policy without it.
    expect((await t.request("/api/health")).headers.get("content-security-policy")).toContain("script-src 'self';");
  });

  it("leaves a stylesheet that could close its own tag linked", async () => {
    write(PAGE.replace("<title>x</title>", "<title>y</title>"), "a::after{content:'</style>'}");
    const html = await (await t.request("/signin")).text();
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(html).not.toContain("<style>");
  });
});
