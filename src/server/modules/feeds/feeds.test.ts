import { describe, expect, it } from "vitest";
import { createPrompt, createSubmission, createUser, freewritePrompt } from "#tests/factories.ts";
import { APP_URL } from "#tests/setup/app.ts";
import { admin, setupAdminTests, t, writer } from "../admin/admin.test-setup.ts";
import { xmlText } from "./feeds.html.ts";
import { ATOM_NS, parseHtml, readFeed } from "./feeds.test-helpers.ts";

// The community and podium pages' <head> is written by the server into the client's shell.
setupAdminTests({ withClientShell: true });

const pieceUrl = (id: string) => `${APP_URL}/submission/${id}`;

describe("GET /feeds/community.xml", () => {
  it("is a well-formed Atom feed of the newest public pieces, for a visitor with no cookie", async () => {
    const older = await createSubmission(t, writer, { title: "Older light", createdAt: new Date(Date.now() - 60_000) });
    const newer = await createSubmission(t, writer, { title: "Newer light" });
    const { res, doc, entries } = await readFeed(t, "community");
    expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.headers.get("etag")).toMatch(/^W\/"/);
    expect(res.headers.get("set-cookie")).toBeNull();

    const root = doc.documentElement;
    expect(root.localName).toBe("feed");
    expect(root.namespaceURI).toBe(ATOM_NS);
    const links = [...root.children].filter((c) => c.localName === "link");
    expect(links.find((l) => l.getAttribute("rel") === "self")?.getAttribute("href")).toBe(`${APP_URL}/feeds/community.xml`);
    expect(links.find((l) => l.getAttribute("rel") === "alternate")?.getAttribute("href")).toBe(`${APP_URL}/community`);
    expect([...root.children].find((c) => c.localName === "id")?.textContent).toBe(`${APP_URL}/feeds/community.xml`);

    const ids = entries.map((e) => e.id);
    expect(ids.indexOf(pieceUrl(newer.id))).toBeLessThan(ids.indexOf(pieceUrl(older.id)));
    const entry = entries.find((e) => e.id === pieceUrl(newer.id))!;
    expect(entry).toMatchObject({ title: "Newer light", author: "Plain Writer", link: pieceUrl(newer.id) });
    // RFC 3339 dates.
    expect(entry.updated).toBe(newer.createdAt.toISOString());
    expect(entry.published).toBe(newer.createdAt.toISOString());
  });

  it("answers 304 to a reader that has this version, and the same feed to everyone signed in or not", async () => {
    const { res, xml } = await readFeed(t, "community");
    const etag = res.headers.get("etag")!;
    const again = await t.request("/feeds/community.xml", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    const other = await createUser(t, { name: "Other Writer" });
    for (const cookie of [writer.cookie, other.cookie, admin.cookie]) {
      const signedIn = await t.request("/feeds/community.xml", { cookie });
      expect(signedIn.status).toBe(200);
      expect(await signedIn.text()).toBe(xml);
    }
  });

  it("never holds a private, hidden or deleted piece, not even for its writer or an admin", async () => {
    const kept = await createSubmission(t, writer, { content: "kept words" });
    const secret = await createSubmission(t, writer, { isPrivate: true, content: "private words" });
    const hidden = await createSubmission(t, writer, { content: "hidden words" });
    const gone = await createSubmission(t, writer, { content: "deleted words" });
    expect((await t.request(`/api/admin/moderation/piece/${hidden.id}/hide`, { json: { reason: "spam" }, cookie: admin.cookie })).status).toBe(200);
    expect((await t.request(`/api/submissions/${gone.id}`, { method: "DELETE", cookie: writer.cookie })).status).toBe(200);
    for (const cookie of [null, writer.cookie, admin.cookie]) {
      const { xml, entries } = await readFeed(t, "community", cookie);
      expect(entries.map((e) => e.id)).toContain(pieceUrl(kept.id));
      for (const id of [secret.id, hidden.id, gone.id]) expect(xml).not.toContain(id);
      for (const words of ["private words", "hidden words", "deleted words"]) expect(xml).not.toContain(words);
    }
  });

  it("carries text with <script>, ]]> and & as text, its markup as the site renders it", async () => {
    const p = await createPrompt(t, { date: "2043-03-03", text: "**LARGE:Doors** & <i>keys</i>" });
    const content = "<script>alert(1)</script> ]]> x ]]> & **bold** and *soft*\nnext line &amp; <b>";
    const piece = await createSubmission(t, writer, { promptId: p.id, title: "A <b>title</b> ]]> & more", content });
    const { xml, entries } = await readFeed(t, "community");
    expect(xml).not.toContain("<script>");
    const entry = entries.find((e) => e.id === pieceUrl(piece.id))!;
    // The title is type="html": its HTML is the escaped text, so a reader shows the characters.
    expect(entry.title).toBe("A &lt;b&gt;title&lt;/b&gt; ]]&gt; &amp; more");
    expect(entry.html).toContain(
      "&lt;script&gt;alert(1)&lt;/script&gt; ]]&gt; x ]]&gt; &amp; <strong>bold</strong> and <em>soft</em><br/>next line &amp;amp; &lt;b&gt;",
    );
    expect(entry.html).toContain("<blockquote><strong>Doors</strong> &amp; &lt;i&gt;keys&lt;/i&gt;</blockquote>");
    // Read as HTML, the entry is the writer's characters and the site's own tags only.
    const body = parseHtml(entry.html);
    expect(body.querySelector("script, b, i")).toBeNull();
    expect(body.textContent).toContain("<script>alert(1)</script> ]]> x ]]> & bold and soft");
  });

  it("stays well-formed when a piece holds characters XML cannot carry", async () => {
    const piece = await createSubmission(t, writer, { title: "Bell\u0007", content: "tab\there, form\u000cfeed, vertical\u000btab" });
    const { entries } = await readFeed(t, "community");
    const entry = entries.find((e) => e.id === pieceUrl(piece.id))!;
    expect(entry.title).toBe("Bell");
    expect(entry.html).toContain("tab\there, formfeed, verticaltab");
    // A lone surrogate cannot reach the database (UTF-8 has none), but would be dropped too.
    expect(xmlText("half \ud800 pair \ud83d\ude00")).toBe("half  pair \ud83d\ude00");
  });

  it("signs each piece exactly as published: an alias, never the name; Anonymous, never the alias or name", async () => {
    const masked = await createUser(t, { name: "Hidden Realname", alias: "R&amp;B <Quill>" });
    const viaAlias = await createSubmission(t, masked, { submissionType: "alias", content: "alias words" });
    const anonymous = await createSubmission(t, masked, { submissionType: "anonymous", content: "anonymous words" });
    const { xml, entries } = await readFeed(t, "community");
    expect(entries.find((e) => e.id === pieceUrl(viaAlias.id))!.author).toBe("R&amp;B <Quill>");
    expect(entries.find((e) => e.id === pieceUrl(anonymous.id))!.author).toBe("Anonymous");
    expect(xml).not.toContain("Hidden Realname");
    expect(xml).not.toContain(masked.email);
    expect(xml).not.toContain(masked.id);
  });

  it("names an untitled piece by its prompt, and a titleless freewrite 'Untitled', as the site does", async () => {
    const p = await createPrompt(t, { date: "2043-04-04", text: "Write about the **harbour** at dawn" });
    const byPrompt = await createSubmission(t, writer, { promptId: p.id });
    const free = await createSubmission(t, writer, { promptId: (await freewritePrompt(t)).id });
    const { entries } = await readFeed(t, "community");
    expect(entries.find((e) => e.id === pieceUrl(byPrompt.id))!.title).toBe("Write about the harbour at dawn");
    const freeEntry = entries.find((e) => e.id === pieceUrl(free.id))!;
    expect(freeEntry.title).toBe("Untitled");
    expect(freeEntry.html).not.toContain("<blockquote>");
  });

  it("shows a content warning before the text", async () => {
    const piece = await createSubmission(t, writer, { content: "heavy words" });
    await t.request(`/api/submissions/${piece.id}/controls`, { method: "PATCH", json: { contentWarning: "grief" }, cookie: writer.cookie });
    const { entries } = await readFeed(t, "community");
    expect(entries.find((e) => e.id === pieceUrl(piece.id))!.html).toMatch(/^<div><p><strong>Content warning: grief<\/strong><\/p>.*heavy words/);
  });
});
