import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_MESSAGES, type ImportResponse } from "#shared/schemas/import.ts";
import type { PieceResponse, PortfolioPage } from "#shared/schemas/portfolio.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createPrompt, createSubmission, createUser, freewritePrompt, type TestUser } from "#tests/factories.ts";
import { allPieces, piecesOf, pieceFile, privateFile, upload, zipOf, type ErrorBody } from "./test-helpers.ts";

/* Issue 15 item 2: importing an archive (ours, or loose .md/.txt files) into one's own portfolio. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** An archive as export writes it: README, year folders, front matter, a private version. */
function ourArchive() {
  return zipOf({
    "README.md": "# Your inkwell archive\n\nOne file per piece.",
    "2025/2025-03-02-the-lighthouse.md": pieceFile("The keeper climbed.\n\nThe lamp was out.", {
      title: "The lighthouse",
      local_date: "2025-03-02",
      date: "2025-03-02T21:15:00.000Z",
      updated: "2025-03-04T08:00:00.000Z",
    }),
    "2025/2025-03-02-the-lighthouse.private.md": privateFile("The keeper climbed, slowly.\n\nThe lamp was out.", "The lighthouse, again"),
    "2026/2026-01-10-snow-on-the-step.md": pieceFile("Snow on the step, and nobody's footprints.", { local_date: "2026-01-10", date: "2026-01-11T02:30:00.000Z" }),
  });
}

describe("POST /api/me/import", () => {
  it("round-trips our archive: titles, texts, dates and private versions, all private and marked imported", async () => {
    const writer = await createUser(t);
    const res = await upload(t, writer.cookie, [{ name: "inkwell-2026-11-24.zip", bytes: ourArchive() }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ imported: 2, duplicates: 0, unreadable: [], report: "2 imported, 0 skipped as duplicates" });

    const [lighthouse, snow] = await piecesOf(t, writer.id);
    expect(lighthouse).toMatchObject({
      title: "The lighthouse",
      content: "The keeper climbed.\n\nThe lamp was out.",
      privateTitle: "The lighthouse, again",
      privateContent: "The keeper climbed, slowly.\n\nThe lamp was out.",
      privateWordCount: 8,
      localDate: "2025-03-02",
      isPrivate: true,
      submissionType: "name",
    });
    expect(lighthouse!.createdAt.toISOString()).toBe("2025-03-02T21:15:00.000Z");
    expect(lighthouse!.updatedAt.toISOString()).toBe("2025-03-04T08:00:00.000Z");
    expect(lighthouse!.importedAt).not.toBeNull();
    // The writer's day is the archive's local_date, not the UTC day of `date`.
    expect(snow).toMatchObject({ title: null, content: "Snow on the step, and nobody's footprints.", localDate: "2026-01-10", privateContent: null, isPrivate: true });
  });

  it("skips duplicates (same day and text) within the upload and against the portfolio: a second import of the same archive imports nothing", async () => {
    const writer = await createUser(t);
    const first = await upload(t, writer.cookie, [{ name: "a.zip", bytes: ourArchive() }]);
    expect(first.body.imported).toBe(2);
    const again = await upload(t, writer.cookie, [{ name: "a.zip", bytes: ourArchive() }]);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ imported: 0, duplicates: 2, report: "0 imported, 2 skipped as duplicates" });

    const twice = await upload(t, writer.cookie, [
      { name: "2024-05-01-one.txt", bytes: "The same words." },
      { name: "2024-05-01-two.txt", bytes: "The same words.\n" },
      { name: "2024-05-02-three.txt", bytes: "The same words." },
    ]);
    expect(twice.body).toMatchObject({ imported: 2, duplicates: 1, report: "2 imported, 1 skipped as a duplicate" });
    expect(await piecesOf(t, writer.id)).toHaveLength(4);
  });

  it("reads loose files: a # heading is a Markdown title, the name's date is the day, else the writer's today", async () => {
    const writer = await createUser(t);
    const today = new Date(t.deps.clock.now()).toISOString().slice(0, 10);
    const res = await upload(t, writer.cookie, [
      { name: "2023-07-14-harbour.md", bytes: "# The harbour\n\nBoats knocking together." },
      { name: "notes.txt", bytes: "# not a title in a text file\r\nJust words." },
    ]);
    expect(res.body).toMatchObject({ imported: 2, duplicates: 0, unreadable: [] });
    const pieces = await piecesOf(t, writer.id);
    expect(pieces.map((p) => [p.localDate, p.title, p.content])).toEqual([
      ["2023-07-14", "The harbour", "Boats knocking together."],
      [today, null, "# not a title in a text file\nJust words."],
    ]);
  });

  it("answers the stored prompt of that day when its text matches, else the Freewrite Session keeping the original prompt text", async () => {
    const writer = await createUser(t);
    const stored = await createPrompt(t, { date: "2022-02-02", text: "Write about a door" });
    const freewrite = await freewritePrompt(t);
    const res = await upload(t, writer.cookie, [
      { name: "a.md", bytes: pieceFile("Through the door.", { local_date: "2022-02-02", prompt: "Write about a door", prompt_date: "2022-02-02" }) },
      { name: "b.md", bytes: pieceFile("Through the window.", { local_date: "2022-02-03", prompt: "Write about a window", prompt_date: "2022-02-03" }) },
      { name: "c.md", bytes: pieceFile("Free words.", { local_date: "2022-02-04" }) },
    ]);
    expect(res.body.imported).toBe(3);
    const pieces = await piecesOf(t, writer.id);
    expect(pieces.map((p) => [p.promptId, p.importedPrompt])).toEqual([
      [stored.id, null],
      [freewrite.id, "Write about a window"],
      [freewrite.id, null],
    ]);

    // The portfolio badges them; the piece shows the prompt its file named.
    const list = await t.json<PortfolioPage>("/api/me/submissions", { cookie: writer.cookie });
    expect(list.body.items.map((i) => [i.imported, i.isPrivate])).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ]);
    const window = await t.json<PieceResponse>(`/api/submissions/${pieces[1]!.id}`, { cookie: writer.cookie });
    expect(window.body.submission.imported).toEqual({ prompt: "Write about a window" });
    const own = await createSubmission(t, writer, { isPrivate: true });
    expect((await t.json<PieceResponse>(`/api/submissions/${own.id}`, { cookie: writer.cookie })).body.submission.imported).toBeNull();
  });
});

describe("who may import", () => {
  let writer: TestUser;
  beforeAll(async () => {
    writer = await createUser(t);
  });
  const files = () => [{ name: "2021-01-01-x.txt", bytes: `Words of ${crypto.randomUUID()}` }];

  it("a visitor is told to sign in, and nothing is written", async () => {
    const before = await allPieces(t);
    const res = await upload<ErrorBody>(t, null, files());
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(IMPORT_MESSAGES.signIn);
    expect(await allPieces(t)).toBe(before);
  });

  it("a writer imports into their own portfolio only; another writer's pieces are untouched", async () => {
    const other = await createUser(t);
    const theirs = await createSubmission(t, other, { content: "Their own words." });
    const res = await upload(t, writer.cookie, files());
    expect(res.status).toBe(200);
    expect(await piecesOf(t, writer.id)).toHaveLength(1);
    expect((await piecesOf(t, other.id)).map((p) => p.id)).toEqual([theirs.id]);
  });

  it("an admin imports into their own portfolio too (there is no importing for someone else)", async () => {
    const admin = await createUser(t, { admin: true });
    const res = await upload<ImportResponse>(t, admin.cookie, files());
    expect(res.status).toBe(200);
    expect(await piecesOf(t, admin.id)).toHaveLength(1);
  });

  it("a cross-site upload is refused before anything is read", async () => {
    const before = await allPieces(t);
    const form = new FormData();
    form.append("files", new Blob(["Words."]), "2021-01-01-x.txt");
    const res = await t.app.request("/api/me/import", { method: "POST", headers: { origin: "https://elsewhere.example", cookie: writer.cookie }, body: form });
    expect(res.status).toBe(403);
    expect(await allPieces(t)).toBe(before);
  });
});

describe("imports are rate limited", () => {
  it("past the hourly limit (scaled to one here) an import is refused, and nothing is written", async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_SCALE: "0.1" });
    try {
      const writer = await createUser(limited);
      expect((await upload(limited, writer.cookie, [{ name: "a.txt", bytes: "One." }])).status).toBe(200);
      const refused = await upload<ErrorBody>(limited, writer.cookie, [{ name: "b.txt", bytes: "Two." }]);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe("rate_limited");
      expect(await piecesOf(limited, writer.id)).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});
