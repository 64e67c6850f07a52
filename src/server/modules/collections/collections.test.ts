import { createRequire } from "node:module";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTION_MESSAGES, type CollectionResponse } from "#shared/schemas/collections.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { pieceAt } from "./test-helpers.ts";

/* /api/collections/:month (issue 14 item 4): private to its writer, readable, downloadable. */

/** jsdom's strict XML parser (jsdom ships no types): a document that is not well-formed holds a <parsererror>. */
const { JSDOM } = createRequire(import.meta.url)("jsdom") as { JSDOM: new () => { window: { DOMParser: typeof DOMParser } } };

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: "Olive Owner" });
  other = await createUser(t, { name: "Otis Other" });
  admin = await createUser(t, { name: "Ada Admin", admin: true });
  await pieceAt(t, owner, { at: "2026-10-02T10:00:00Z", title: "Lamplight", content: "**Bold** and *soft*\nsecond line <script>alert(1)</script> & more" });
  await pieceAt(t, owner, { at: "2026-10-20T10:00:00Z", title: "# Not a heading", isPrivate: true, content: "A private piece.\u000b pasted with a vertical tab\u000c and a form feed." });
  await pieceAt(t, owner, { at: "2026-11-01T10:00:00Z", title: "Next month" });
  await pieceAt(t, other, { at: "2026-10-05T10:00:00Z", title: "Someone else's" });
  await pieceAt(t, admin, { at: "2026-10-06T10:00:00Z", title: "The admin's own" });
});

afterAll(async () => {
  await t?.close();
});

const names = (body: CollectionResponse) => body.pieces.map((p) => p.name);

describe("GET /api/collections/:month", () => {
  it("asks a visitor to sign in, for the page and the downloads", async () => {
    for (const path of ["/api/collections/2026-10", "/api/collections/2026-10/download?format=md", "/api/collections/nonsense"]) {
      const res = await t.json<{ message: string }>(path);
      expect(res.status, path).toBe(401);
      expect(res.body.message).toBe(COLLECTION_MESSAGES.signIn);
    }
  });

  it("gives the writer their own month, oldest first, private pieces included", async () => {
    const res = await t.json<CollectionResponse>("/api/collections/2026-10", { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.body.label).toBe("October 2026");
    expect(names(res.body)).toEqual(["Lamplight", "# Not a heading"]);
    expect(res.body.pieces[0]!.date).toBe("2026-10-02");
    expect(res.body.more).toBe(0);
  });

  it("gives another writer, and an admin, only their own pieces of that month", async () => {
    const theirs = await t.json<CollectionResponse>("/api/collections/2026-10", { cookie: other.cookie });
    expect(names(theirs.body)).toEqual(["Someone else's"]);
    const admins = await t.json<CollectionResponse>("/api/collections/2026-10", { cookie: admin.cookie });
    expect(names(admins.body)).toEqual(["The admin's own"]);
    const empty = await t.json<CollectionResponse>("/api/collections/2026-09", { cookie: owner.cookie });
    expect(empty.body.pieces).toEqual([]);
  });

  it("totals the month's pages as its pieces add up: 0.4 and 1.15 pages make 1.6", async () => {
    const writer = await createUser(t, { name: "Paula Pages" });
    await pieceAt(t, writer, { at: "2026-08-03T10:00:00Z", content: "word ".repeat(100) });
    await pieceAt(t, writer, { at: "2026-08-04T10:00:00Z", content: "word ".repeat(287) });
    const res = await t.json<CollectionResponse>("/api/collections/2026-08", { cookie: writer.cookie });
    expect(res.body.pieces.map((p) => p.pages)).toEqual([0.4, 1.15]);
    expect(res.body.pages).toBe(1.6);
  });

  it("refuses a month that is not one, and a format it does not make", async () => {
    // Year 0000 is no date the database knows (it was a 500), and a two-digit year reads as 19xx.
    for (const month of ["2026-13", "2026-1", "october", "2026-10-01", "0000-01", "0050-03"]) {
      const res = await t.json<{ message: string }>(`/api/collections/${month}`, { cookie: owner.cookie });
      expect(res.status, month).toBe(422);
      expect(res.body.message).toBe(COLLECTION_MESSAGES.badMonth);
    }
    const res = await t.json<{ message: string }>("/api/collections/2026-10/download?format=pdf", { cookie: owner.cookie });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(COLLECTION_MESSAGES.badFormat);
  });
});

describe("the collection's downloads", () => {
  it("Markdown: an attachment with the month's pieces, markup kept, structure escaped", async () => {
    const res = await t.request("/api/collections/2026-10/download?format=md", { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/markdown");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="inkwell-2026-10.md"');
    const md = await res.text();
    expect(md).toContain("# October 2026");
    expect(md).toContain("## Lamplight");
    expect(md).toContain("## \\# Not a heading");
    expect(md).toContain("**Bold** and *soft*  \nsecond line");
    expect(md).not.toContain("Next month");
    expect(md).not.toContain("Someone else's");
  });

  it("EPUB: mimetype first and stored, a container, a package, a nav, and escaped well-formed pages", async () => {
    const res = await t.request("/api/collections/2026-10/download?format=epub", { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/epub+zip");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="inkwell-2026-10.epub"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    // The first local header: compression method 0 (stored), name "mimetype", then its content.
    expect(bytes[8]! | (bytes[9]! << 8)).toBe(0);
    expect(strFromU8(bytes.slice(30, 38))).toBe("mimetype");
    expect(strFromU8(bytes.slice(38, 58))).toBe("application/epub+zip");
    const files = unzipSync(bytes);
    expect(Object.keys(files)[0]).toBe("mimetype");
    expect(strFromU8(files["META-INF/container.xml"]!)).toContain('full-path="OEBPS/content.opf"');
    const opf = strFromU8(files["OEBPS/content.opf"]!);
    expect(opf).toContain('properties="nav"');
    expect(opf).toContain("<dc:title>October 2026 — inkwell</dc:title>");
    const parser = new new JSDOM().window.DOMParser();
    const page = strFromU8(files["OEBPS/piece-001.xhtml"]!);
    expect(page).toContain("<strong>Bold</strong>");
    expect(page).toContain("&lt;script&gt;");
    expect(page).not.toContain("<script>");
    for (const name of ["OEBPS/nav.xhtml", "OEBPS/piece-001.xhtml", "OEBPS/piece-002.xhtml", "OEBPS/content.opf"]) {
      const doc = parser.parseFromString(strFromU8(files[name]!), "application/xml");
      expect(doc.getElementsByTagName("parsererror"), name).toHaveLength(0);
    }
    expect(strFromU8(files["OEBPS/nav.xhtml"]!)).toContain('<a href="piece-002.xhtml"># Not a heading</a>');
    // Characters XML cannot hold are dropped, the words around them kept.
    expect(strFromU8(files["OEBPS/piece-002.xhtml"]!)).toContain("A private piece. pasted with a vertical tab and a form feed.");
  });
});
