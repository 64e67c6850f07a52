import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import type { PortfolioPage } from "#shared/schemas/portfolio.ts";
import { portfolioPageQuery } from "./my-pieces.query.ts";
import { DAY_MS, other, t, usePortfolioApp, type ErrorBody } from "./test-helpers.ts";

usePortfolioApp();

describe("GET /api/me/submissions", () => {
  let writer: TestUser;
  beforeAll(async () => {
    writer = await createUser(t, { name: "Paula Pages" });
    const base = t.deps.clock.now().getTime() - 30 * DAY_MS;
    const specs = [
      { title: "banana bread", content: "w ".repeat(40), isPrivate: true },
      { title: "Apple orchard", content: "w ".repeat(10) },
      { title: null, content: "the lighthouse keeper " + "w ".repeat(5) },
      { title: "cherry 100% sure", content: "w ".repeat(70) },
      { title: "Dune sea", content: "w ".repeat(25) },
      { title: "echo chamber", content: "w ".repeat(25) },
      { title: "Fig tree", content: "w ".repeat(3) },
    ];
    for (const [i, s] of specs.entries()) await createSubmission(t, writer, { ...s, createdAt: new Date(base + i * DAY_MS) });
    // Someone else's piece never shows up in this portfolio.
    await createSubmission(t, other, { title: "Apple of another eye" });
  });

  const list = (query: string, cookie = writer.cookie) => t.json<PortfolioPage & ErrorBody>(`/api/me/submissions${query}`, { cookie });

  async function all(query: string, limit = 3): Promise<PortfolioPage["items"]> {
    const items: PortfolioPage["items"] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const sep = query ? "&" : "?";
      const res = await list(`${query}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(limit);
      items.push(...res.body.items);
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    return items;
  }

  it("asks a visitor to sign in", async () => {
    const res = await t.json(`/api/me/submissions`);
    expect(res.status).toBe(401);
  });

  it("lists the writer's own pieces, private ones too, newest first, page by page without repeats", async () => {
    const items = await all("");
    expect(items.map((i) => i.title)).toEqual(["Fig tree", "echo chamber", "Dune sea", "cherry 100% sure", null, "Apple orchard", "banana bread"]);
    expect(items.find((i) => i.title === "banana bread")!.isPrivate).toBe(true);
  });

  it("sorts by title (untitled last) and by word count over all pieces", async () => {
    expect((await all("?sort=title", 2)).map((i) => i.title)).toEqual(["Apple orchard", "banana bread", "cherry 100% sure", "Dune sea", "echo chamber", "Fig tree", null]);
    const byWords = await all("?sort=words", 2);
    expect(byWords.map((i) => i.wordCount)).toEqual([70, 40, 25, 25, 10, 8, 3]);
    // Equal counts: newer first.
    expect(byWords.slice(2, 4).map((i) => i.title)).toEqual(["echo chamber", "Dune sea"]);
  });

  it("searches titles and text of every piece, case-insensitively, with % and _ taken literally", async () => {
    expect((await all("?q=LIGHTHOUSE")).map((i) => i.excerpt.slice(0, 14))).toEqual(["the lighthouse"]);
    expect((await all("?q=ER")).map((i) => i.title ?? "(untitled)").sort()).toEqual(["(untitled)", "cherry 100% sure", "echo chamber"]);
    // A search's later pages, one piece a page, in each sort: the same matches, each once, in the sort's order.
    expect((await all("?q=ER", 1)).map((i) => i.title ?? "(untitled)").sort()).toEqual(["(untitled)", "cherry 100% sure", "echo chamber"]);
    expect((await all("?q=ER&sort=title", 1)).map((i) => i.title)).toEqual(["cherry 100% sure", "echo chamber", null]);
    expect((await all("?q=ER&sort=words", 1)).map((i) => i.title)).toEqual((await all("?q=ER&sort=words")).map((i) => i.title));
    expect((await all("?q=100%25")).map((i) => i.title)).toEqual(["cherry 100% sure"]);
    expect(await all("?q=%25%25%25")).toEqual([]);
    expect(await all("?q=_")).toEqual([]);
  });

  it("shows the private version with an Edited flag, and searches it", async () => {
    const mine = await createSubmission(t, writer, { title: "zebra public", content: "public zebra text" });
    await t.json(`/api/submissions/${mine.id}/private`, { method: "PATCH", json: { title: "Zebra private", content: "quagga rewrite" }, cookie: writer.cookie });
    const found = await all("?q=quagga");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id: mine.id, title: "Zebra private", excerpt: "quagga rewrite", edited: true });
    expect(await all("?q=public%20zebra")).toEqual([]);
    await t.json(`/api/submissions/${mine.id}`, { method: "DELETE", cookie: writer.cookie });
  });

  it("reads the newest-first page straight from submissions_user_created_idx, stopping at the limit", async () => {
    const first = await list("?limit=2");
    for (const cursor of [undefined, first.body.nextCursor!]) {
      const plan = await t.deps.db.transaction(async (tx) => {
        // The test tables are tiny: without this the planner would rightly prefer a sequential scan.
        await tx.execute(sql`set local enable_seqscan = off`);
        const res = (await tx.execute(sql`explain ${portfolioPageQuery(writer.id, { sort: "recent", limit: 24, cursor })}`)) as unknown as { rows: Record<string, string>[] };
        return res.rows.map((r) => Object.values(r)[0]).join("\n");
      });
      expect(plan).toMatch(/^Limit/);
      expect(plan).toContain("Index Scan using submissions_user_created_idx on submissions");
      // No Sort node: the index order is the page order.
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });

  it("refuses a tampered cursor and an oversized page", async () => {
    expect((await list("?cursor=garbage")).status).toBe(422);
    const page = await list("?limit=2");
    const res = await list(`?sort=title&cursor=${encodeURIComponent(page.body.nextCursor!)}`);
    expect(res.status).toBe(422);
    const forged = Buffer.from(JSON.stringify({ s: "recent", c: "2026-01-01'); drop table users; --", i: writer.id })).toString("base64url");
    expect((await list(`?cursor=${forged}`)).status).toBe(422);
    expect((await list("?limit=500")).status).toBe(422);
  });

  it("refuses, with the list's message, a well-formed cursor this server could not have written", async () => {
    const forge = (cursor: Record<string, unknown>) => encodeURIComponent(Buffer.from(JSON.stringify(cursor)).toString("base64url"));
    const at = "2026-03-01 12:00:00.123456+00";
    for (const [sort, cursor] of [
      ["words", { s: "words", w: 1e300, c: at, i: writer.id }],
      ["words", { s: "words", w: 2.5, c: at, i: writer.id }],
      ["recent", { s: "recent", c: "2026-02-30 12:00:00+00", i: writer.id }],
      ["recent", { s: "recent", c: at, i: "not-a-uuid" }],
      ["title", { s: "title", m: 2, t: "apple", i: writer.id }],
    ] as const) {
      const res = await list(`?sort=${sort}&cursor=${forge(cursor)}`);
      expect(res.status, JSON.stringify(cursor)).toBe(422);
      expect(res.body).toMatchObject({ code: "invalid_cursor", message: "This page of your portfolio is out of date. Reload to start again." });
    }
    // The same shapes with real values are accepted.
    expect((await list(`?sort=words&cursor=${forge({ s: "words", w: 25, c: at, i: writer.id })}`)).status).toBe(200);
  });
});
