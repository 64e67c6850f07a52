import { describe, expect, it } from "vitest";
import { APP_URL } from "#tests/setup/app.ts";
import { createPrompt, createSubmission, freewritePrompt } from "#tests/factories.ts";
import { DAY_MS, admin, other, owner, share, t, usePortfolioApp } from "./test-helpers.ts";

usePortfolioApp();

describe("piece page meta (GET /submission/:id)", () => {
  const page = async (path: string, cookie?: string | null) => {
    const res = await t.request(path, { cookie: cookie ?? null });
    expect(res.status).toBe(200);
    return res.text();
  };
  const metaContent = (html: string, attr: string, key: string) => html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`))?.[1];
  const jsonLd = (html: string) => {
    const raw = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
  };

  it("writes title, description, Open Graph, Twitter and Article JSON-LD for a public piece", async () => {
    const long = "It was the *best* of times. " + "More words keep coming here. ".repeat(20);
    const p = await createSubmission(t, owner, { title: "Two cities", content: long });
    const html = await page(`/submission/${p.id}`);
    expect(html).toContain("<title>Two cities · inkwell</title>");
    expect(metaContent(html, "property", "og:title")).toBe("Two cities · inkwell");
    expect(metaContent(html, "property", "og:type")).toBe("article");
    expect(metaContent(html, "property", "og:url")).toBe(`${APP_URL}/submission/${p.id}`);
    expect(metaContent(html, "property", "og:image")).toBe(`${APP_URL}/api/og/${p.id}.png`);
    expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "name", "twitter:image")).toBe(`${APP_URL}/api/og/${p.id}.png`);
    const description = metaContent(html, "name", "description")!;
    expect(description.startsWith("It was the best of times.")).toBe(true);
    expect(description.length).toBeLessThanOrEqual(180);
    expect(metaContent(html, "property", "og:description")).toBe(description);
    expect(metaContent(html, "name", "twitter:description")).toBe(description);
    expect(html).not.toContain('name="robots"');
    expect(jsonLd(html)).toMatchObject({ "@type": "Article", headline: "Two cities", author: { "@type": "Person", name: "Olive Owner" }, wordCount: p.wordCount });
  });

  it("uses the prompt text or 'Untitled' when a piece has no title", async () => {
    const fw = await freewritePrompt(t);
    const p = await createSubmission(t, owner, { title: null, promptId: fw.id });
    expect(await page(`/submission/${p.id}`)).toContain("<title>Untitled · inkwell</title>");
  });

  it("names an untitled piece by its prompt on one line, cut at a word without \".…\" (issue 11 items 5, 6)", async () => {
    // Cut at 90 characters just after "it.": the full stop goes, the word stays.
    const text = "**LARGE:The first page**\nWrite about a door you have never opened, and the hand that opened it. Where is it now, years on?";
    const prompt = await createPrompt(t, { date: "2039-05-01", text });
    const p = await createSubmission(t, owner, { title: null, promptId: prompt.id });
    const html = await page(`/submission/${p.id}`);
    const title = "The first page — Write about a door you have never opened, and the hand that opened it…";
    expect(html).toContain(`<title>${title} · inkwell</title>`);
    expect(jsonLd(html)).toMatchObject({ headline: title });
  });

  it("writes nothing about a private piece the request may not read", async () => {
    const p = await createSubmission(t, owner, { isPrivate: true, title: "Secret diary entry", content: "nobody must read this" });
    const q = await createSubmission(t, owner, { isPrivate: true });
    const linkQ = await share(q.id);
    for (const [cookie, query] of [[null, ""], [other.cookie, ""], [admin.cookie, ""], [null, `?share=${linkQ.token}`]] as const) {
      const html = await page(`/submission/${p.id}${query}`, cookie);
      expect(html).not.toContain("Secret diary");
      expect(html).not.toContain("nobody must read");
      expect(html).not.toContain("og:image");
      expect(html).not.toContain("ld+json");
    }
  });

  it("writes a shared private piece's meta for the link holder, not to be indexed, until it expires", async () => {
    const p = await createSubmission(t, owner, { isPrivate: true, title: "Shared diary", content: "for your eyes" });
    const link = await share(p.id);
    const html = await page(`/submission/${p.id}?share=${link.token}`);
    expect(html).toContain("<title>Shared diary · inkwell</title>");
    expect(metaContent(html, "property", "og:image")).toBe(`${APP_URL}/api/og/${p.id}.png?share=${link.token}`);
    expect(html).toContain('<meta name="robots" content="noindex">');
    const own = await page(`/submission/${p.id}`, owner.cookie);
    expect(own).toContain("<title>Shared diary · inkwell</title>");
    t.deps.testClock!.advance(DAY_MS);
    expect(await page(`/submission/${p.id}?share=${link.token}`)).not.toContain("Shared diary");
  });

  it("never names the writer of an alias or anonymous piece, and shows the community copy", async () => {
    const a = await createSubmission(t, owner, { submissionType: "alias", title: "Masked", content: "community words" });
    await t.json(`/api/submissions/${a.id}/private`, { method: "PATCH", json: { title: "Unmasked draft", content: "private words" }, cookie: owner.cookie });
    const html = await page(`/submission/${a.id}`, owner.cookie);
    expect(jsonLd(html)).toMatchObject({ headline: "Masked", author: { name: "Quill Feather" } });
    expect(html).not.toContain("private words");
    expect(html).not.toContain("Unmasked");
    expect(html).not.toContain("Olive");
    expect(html).not.toContain(owner.email);
    const anon = await createSubmission(t, owner, { submissionType: "anonymous", title: "Nobody's" });
    const anonHtml = await page(`/submission/${anon.id}`);
    expect(jsonLd(anonHtml)).toMatchObject({ author: { name: "Anonymous" } });
    expect(anonHtml).not.toContain("Olive");
  });

  it("escapes the writer's text in tags and structured data", async () => {
    const p = await createSubmission(t, owner, { title: `"><script>alert(1)</script>`, content: `</script><img src=x onerror=alert(1)> & more` });
    const html = await page(`/submission/${p.id}`);
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<img src=x");
    expect(jsonLd(html)).toMatchObject({ headline: `"><script>alert(1)</script>` });
  });
});
