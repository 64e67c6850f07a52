import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_MESSAGES } from "#shared/schemas/export.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { pieceAt } from "../collections/test-helpers.ts";

/* GET /api/me/export/epub (issue 15 item 1): a valid EPUB 3 book of the writer's own pieces. */

/** EPUBCheck (Debian package `epubcheck`, a Java jar at /usr/bin/epubcheck): CI installs it. */
const EPUBCHECK = "/usr/bin/epubcheck";
const { JSDOM } = createRequire(import.meta.url)("jsdom") as { JSDOM: new () => { window: { DOMParser: typeof DOMParser } } };

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: "Olive Owner", alias: "Heron" });
  other = await createUser(t, { name: "Otis Other" });
  admin = await createUser(t, { name: "Ada Admin", admin: true });
  await pieceAt(t, owner, { at: "2025-12-31T10:00:00Z", title: "Old year", content: "**Bold** and *soft*\nsecond line <script>alert(1)</script> & more" });
  await pieceAt(t, owner, { at: "2026-01-02T10:00:00Z", title: "January one", content: "A form feed\u000c pasted", signed: "anonymous" });
  await pieceAt(t, owner, { at: "2026-01-20T10:00:00Z", content: "Untitled and private", isPrivate: true });
  await pieceAt(t, owner, { at: "2026-02-01T10:00:00Z", title: "February" });
  await pieceAt(t, other, { at: "2026-01-05T10:00:00Z", title: "Someone else's" });
  await pieceAt(t, admin, { at: "2026-01-06T10:00:00Z", title: "The admin's own" });
});

afterAll(async () => {
  await t?.close();
});

async function book(cookie: string, query = ""): Promise<{ bytes: Uint8Array; files: Record<string, string>; res: Response }> {
  const res = await t.request(`/api/me/export/epub${query}`, { cookie });
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const files = Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, name.endsWith(".woff2") ? "" : strFromU8(data)]));
  return { bytes, files, res };
}

const chapters = (files: Record<string, string>) => Object.keys(files).filter((n) => n.includes("/month-")).sort();

describe("GET /api/me/export/epub", () => {
  it("asks a visitor to sign in; refuses a bad scope, and an alias the writer does not have", async () => {
    const visitor = await t.json<{ message: string }>("/api/me/export/epub");
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toBe(EXPORT_MESSAGES.signIn);
    for (const bad of ["2026-13", "0000", "0999-05", "12026"]) {
      const scope = await t.json<{ message: string }>(`/api/me/export/epub?scope=${bad}`, { cookie: owner.cookie });
      expect(scope.status, bad).toBe(422);
      expect(scope.body.message).toBe(EXPORT_MESSAGES.badScope);
    }
    const alias = await t.json<{ message: string }>("/api/me/export/epub?name=alias", { cookie: other.cookie });
    expect(alias.status).toBe(422);
    expect(alias.body.message).toBe(EXPORT_MESSAGES.noAlias);
  });

  it("is an EPUB: mimetype first and stored, container, package with manifest and spine, a nav", async () => {
    const { bytes, files, res } = await book(owner.cookie);
    expect(res.headers.get("content-type")).toBe("application/epub+zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="inkwell-\d{4}-\d{2}-\d{2}\.epub"$/);
    // The first local file header: name "mimetype", compression method 0 (stored), content right after.
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint16(8, true)).toBe(0);
    expect(strFromU8(bytes.subarray(30, 38))).toBe("mimetype");
    expect(strFromU8(bytes.subarray(38, 58))).toBe("application/epub+zip");
    expect(files["META-INF/container.xml"]).toContain('full-path="OEBPS/content.opf"');
    const opf = files["OEBPS/content.opf"]!;
    for (const href of ["title.xhtml", "nav.xhtml", "style.css", "fonts/literata-latin-400-normal.woff2", "month-2025-12.xhtml", "month-2026-01.xhtml", "month-2026-02.xhtml"]) {
      expect(opf).toContain(`href="${href}"`);
      expect(files[`OEBPS/${href}`], href).toBeDefined();
    }
    expect(opf).toMatch(/<spine>\s*<itemref idref="title"\/>\s*<itemref idref="nav"\/>/);
    expect(files["OEBPS/nav.xhtml"]).toContain('epub:type="toc"');
    expect(files["OEBPS/style.css"]).toContain('font-family: "Literata"');
    const parser = new new JSDOM().window.DOMParser();
    for (const [name, text] of Object.entries(files).filter(([n]) => /\.(xhtml|opf|xml)$/.test(n))) {
      expect(parser.parseFromString(text, "application/xml").getElementsByTagName("parsererror"), name).toHaveLength(0);
    }
  });

  it("has a chapter per month with the writer's text escaped, and the name they chose on the title page", async () => {
    const named = await book(owner.cookie);
    expect(chapters(named.files)).toEqual(["OEBPS/month-2025-12.xhtml", "OEBPS/month-2026-01.xhtml", "OEBPS/month-2026-02.xhtml"]);
    const jan = named.files["OEBPS/month-2026-01.xhtml"]!;
    expect(jan).toContain("<h1>January 2026</h1>");
    expect(jan.indexOf("January one")).toBeLessThan(jan.indexOf("Untitled and private"));
    expect(named.files["OEBPS/month-2025-12.xhtml"]).toContain("&lt;script&gt;");
    expect(named.files["OEBPS/title.xhtml"]).toContain("Olive Owner");
    const aliased = await book(owner.cookie, "?name=alias");
    expect(aliased.files["OEBPS/title.xhtml"]).toContain("Heron");
    expect(aliased.files["OEBPS/title.xhtml"]).not.toContain("Olive");
    expect(aliased.files["OEBPS/content.opf"]).not.toContain("Olive");
  });

  it("holds only the year or month asked for", async () => {
    expect(chapters((await book(owner.cookie, "?scope=2026")).files)).toEqual(["OEBPS/month-2026-01.xhtml", "OEBPS/month-2026-02.xhtml"]);
    const month = await book(owner.cookie, "?scope=2026-02");
    expect(chapters(month.files)).toEqual(["OEBPS/month-2026-02.xhtml"]);
    expect(month.res.headers.get("content-disposition")).toBe('attachment; filename="inkwell-2026-02.epub"');
  });

  it("gives another writer and an admin only their own pieces", async () => {
    const theirs = await book(other.cookie, "?scope=2026-01");
    expect(theirs.files["OEBPS/month-2026-01.xhtml"]).toContain("Someone else");
    expect(theirs.files["OEBPS/month-2026-01.xhtml"]).not.toContain("January one");
    const admins = await book(admin.cookie, "?scope=2026-01");
    expect(admins.files["OEBPS/month-2026-01.xhtml"]).toContain("The admin");
    expect(admins.files["OEBPS/month-2026-01.xhtml"]).not.toContain("Someone else");
  });

  it.runIf(existsSync(EPUBCHECK))("passes EPUBCheck", { timeout: 120_000 }, async () => {
    const { bytes } = await book(owner.cookie);
    const dir = mkdtempSync(join(tmpdir(), "epub-"));
    try {
      writeFileSync(join(dir, "book.epub"), bytes);
      // Debian ships the jar itself at /usr/bin/epubcheck; run it with java, which works with or without binfmt.
      const run = () => execFileSync("java", ["-jar", EPUBCHECK, join(dir, "book.epub")], { encoding: "utf8", stdio: "pipe" });
      let out = "";
      try {
        out = run();
      } catch (err) {
        const e = err as { stdout?: string; stderr?: string };
        throw new Error(`EPUBCheck found problems:\n${e.stdout ?? ""}\n${e.stderr ?? ""}`, { cause: err });
      }
      expect(out).toContain("No errors or warnings detected");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

if (!existsSync(EPUBCHECK)) console.warn(`EPUBCheck is not installed at ${EPUBCHECK} (Debian package "epubcheck"): the EPUBCheck test is skipped here; CI installs it.`);
