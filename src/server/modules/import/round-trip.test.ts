import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissions } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createUser } from "#tests/factories.ts";
import { pieceAt } from "../collections/test-helpers.ts";
import { piecesOf, upload } from "./test-helpers.ts";

/*
 * Issue 15: export → import into a fresh account gives back the same texts, titles and dates
 * (and private versions), whatever the text holds — markup, front-matter lookalikes, YAML-minded
 * titles, other scripts, indentation and blank lines (texts are stored trimmed, as the writing
 * routes keep them). The archive is the one GET /api/me/export/markdown sends.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PIECES = [
  { at: "2025-12-31T23:30:00Z", localDate: "2026-01-01", title: "Yes: no # not a comment", content: "**bold** and *italic*\n\n> a quote\n\n- a list" },
  { at: "2026-01-02T10:00:00Z", title: null, content: "---\ntitle: not front matter\n---\nThe text starts with a rule." },
  { at: "2026-01-02T11:00:00Z", title: "Ünïcödé — 雪 🌙", content: "Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich.\n雪が降る。", signed: "anonymous" as const },
  { at: "2026-02-14T08:00:00Z", title: "'quoted' \"title\"", content: "first line\n    an indented line kept\n\n\nthree blank lines above", signed: "alias" as const },
  { at: "2026-03-01T09:00:00Z", title: "Private one", content: "Only for me.", isPrivate: true },
];

describe("export then import", () => {
  it("brings every piece back into a fresh account with the same texts, titles, dates and private versions", async () => {
    const writer = await createUser(t, { name: "Round Tripper", alias: "Boomerang" });
    const ids: string[] = [];
    for (const p of PIECES) ids.push((await pieceAt(t, writer, p)).id);
    // A published piece edited privately afterwards: both versions travel.
    await t.deps.db
      .update(submissions)
      .set({ privateTitle: "Yes: no, again", privateContent: "The private version\nof the first piece.", privateWordCount: 7, privatePagesWritten: 0.03 })
      .where(eq(submissions.id, ids[0]!));

    const exported = await t.request("/api/me/export/markdown", { cookie: writer.cookie });
    expect(exported.status).toBe(200);
    const archive = new Uint8Array(await exported.arrayBuffer());

    const fresh = await createUser(t, { name: "Fresh Start" });
    const res = await upload(t, fresh.cookie, [{ name: "inkwell-archive.zip", bytes: archive }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ imported: PIECES.length, duplicates: 0, unreadable: [] });

    const shape = (rows: Awaited<ReturnType<typeof piecesOf>>) =>
      rows.map((r) => ({
        title: r.title,
        content: r.content,
        localDate: r.localDate,
        createdAt: r.createdAt.toISOString(),
        privateTitle: r.privateTitle,
        privateContent: r.privateContent,
      }));
    expect(shape(await piecesOf(t, fresh.id))).toEqual(shape(await piecesOf(t, writer.id)));
  });
});
