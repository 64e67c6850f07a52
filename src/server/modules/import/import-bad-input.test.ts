import { zipSync } from "fflate";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IMPORT_MAX_FILES, IMPORT_MAX_UNCOMPRESSED_BYTES, IMPORT_MAX_UPLOAD_BYTES } from "#shared/constants.ts";
import { IMPORT_MESSAGES } from "#shared/schemas/import.ts";
import { APP_URL, createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { allPieces, bombZip, piecesOf, upload, zipOf, type ErrorBody, type Upload } from "./test-helpers.ts";

/*
 * Issue 15 item 2: bad input gets a clear message, a 4xx and changes nothing. Archive-level
 * attacks (a bomb, too many files, a path out of the folder, a huge upload, not a zip) refuse the
 * whole import; a single unreadable file (invalid UTF-8, 2 million words) is skipped and named.
 */

let t: TestApp;
let writer: TestUser;
let before: number;
beforeAll(async () => {
  t = await createTestApp();
  writer = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  before = await allPieces(t);
});

async function refused(files: Upload[], status: number, message: string) {
  const res = await upload<ErrorBody>(t, writer.cookie, files);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.message).toBe(message);
  expect(await allPieces(t), "nothing written").toBe(before);
}

const good = "2020-01-01-good.md";

describe("archive-level problems refuse the whole import", () => {
  it("a zip bomb: stopped while inflating, past the uncompressed limit, whatever its headers say", async () => {
    // ~100 KB of zip that inflates to more than the limit (zeros compress ~1000×).
    const bomb = bombZip(IMPORT_MAX_UNCOMPRESSED_BYTES + 1, { [good]: "A good piece." });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await refused([{ name: "bomb.zip", bytes: bomb }], 413, IMPORT_MESSAGES.unpacksTooLarge);
  });

  it("more files than one import can take (in a zip, or uploaded loose)", async () => {
    const many = Object.fromEntries(Array.from({ length: IMPORT_MAX_FILES + 1 }, (_, i) => [`2020-01-01-${i}.txt`, `Piece ${i}.`]));
    await refused([{ name: "many.zip", bytes: zipOf(many) }], 413, IMPORT_MESSAGES.tooManyFiles);
    const loose = Array.from({ length: IMPORT_MAX_FILES + 1 }, (_, i) => ({ name: `${i}.txt`, bytes: "x" }));
    await refused(loose, 413, IMPORT_MESSAGES.tooManyFiles);
  });

  it.each(["../../x.md", "2020/../../etc/x.md", "/etc/x.md", "..\\x.md", "C:/x.md"])("a path out of its folder: %s", async (path) => {
    await refused([{ name: "evil.zip", bytes: zipOf({ [good]: "A good piece.", [path]: "Sneaky." }) }], 422, IMPORT_MESSAGES.unsafePath(path));
  });

  it("an upload larger than the limit is refused from its length, before it is read", async () => {
    const big = new Uint8Array(IMPORT_MAX_UPLOAD_BYTES + 1024);
    await refused([{ name: "big.zip", bytes: big }], 413, IMPORT_MESSAGES.tooLarge);
  });

  it("a 200 MB upload with no length is cut off once past the limit, never read to its end", async () => {
    const total = 200 * 1024 * 1024;
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const headers = { origin: APP_URL, cookie: writer.cookie, "content-type": "multipart/form-data; boundary=x" };
    const res = await t.app.request("/api/me/import", { method: "POST", headers, body, duplex: "half" } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as ErrorBody).message).toBe(IMPORT_MESSAGES.tooLarge);
    expect(sent).toBeLessThan(total / 2);
    expect(await allPieces(t)).toBe(before);
  });

  it("not a zip, .md or .txt: 415 with what can be imported", async () => {
    await refused([{ name: "novel.pdf", bytes: "%PDF-1.7" }], 415, IMPORT_MESSAGES.wrongType);
    await refused([{ name: good, bytes: "Fine." }, { name: "photo.jpg", bytes: "jpeg" }], 415, IMPORT_MESSAGES.wrongType);
  });

  it("a .zip that is not a zip, a damaged zip, two zips or a zip with loose files: 422", async () => {
    await refused([{ name: "fake.zip", bytes: "just text" }], 422, IMPORT_MESSAGES.notZip);
    const real = zipSync({ [good]: crypto.getRandomValues(new Uint8Array(60_000)) }, { level: 1 });
    await refused([{ name: "cut.zip", bytes: real.subarray(0, 30_000) }], 422, IMPORT_MESSAGES.damaged);
    await refused([{ name: "a.zip", bytes: zipOf({ [good]: "A." }) }, { name: "b.zip", bytes: zipOf({ [good]: "B." }) }], 422, IMPORT_MESSAGES.mixed);
    await refused([{ name: "a.zip", bytes: zipOf({ [good]: "A." }) }, { name: good, bytes: "B." }], 422, IMPORT_MESSAGES.mixed);
  });

  it("no files at all, or a body that is not a multipart upload", async () => {
    await refused([], 422, IMPORT_MESSAGES.noFiles);
    const res = await t.json<ErrorBody>("/api/me/import", { json: { files: [] }, cookie: writer.cookie });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(IMPORT_MESSAGES.noFiles);
    const headers = { origin: APP_URL, cookie: writer.cookie, "content-type": "multipart/form-data; boundary=x" };
    const broken = await t.app.request("/api/me/import", { method: "POST", headers, body: "--x\r\nnot a part" });
    expect(broken.status).toBe(422);
    expect(((await broken.json()) as ErrorBody).message).toBe(IMPORT_MESSAGES.notForm);
    expect(await allPieces(t)).toBe(before);
  });
});

describe("a file that cannot be read is skipped and named; the rest is imported", () => {
  it("invalid UTF-8", async () => {
    const own = await createUser(t);
    const res = await upload(t, own.cookie, [
      { name: good, bytes: "A good piece." },
      { name: "latin1.txt", bytes: new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0x6e, 0x6f, 0x69, 0x72]) },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      imported: 1,
      duplicates: 0,
      unreadable: [{ file: "latin1.txt", reason: IMPORT_MESSAGES.invalidUtf8 }],
      report: `1 imported, 0 skipped as duplicates, 1 unreadable: latin1.txt: ${IMPORT_MESSAGES.invalidUtf8}`,
    });
    expect((await piecesOf(t, own.id)).map((p) => p.content)).toEqual(["A good piece."]);
  });

  it.each([
    ["invalid UTF-8", "notes.txt", new Uint8Array([0x63, 0x61, 0x66, 0xe9]), IMPORT_MESSAGES.invalidUtf8],
    ["2 million words", "2020-01-01-huge.md", "word ".repeat(2_000_000), IMPORT_MESSAGES.tooLong],
  ])("an upload of only a file with %s writes nothing and says why", async (_, name, bytes, reason) => {
    const own = await createUser(t);
    const res = await upload(t, own.cookie, [{ name, bytes }]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: 0, duplicates: 0, unreadable: [{ file: name, reason }], report: `0 imported, 0 skipped as duplicates, 1 unreadable: ${name}: ${reason}` });
    expect(await allPieces(t), "nothing written").toBe(before);
  });

  it("a file with 2 million words (longer than a piece may be), a NUL, an empty file, a stray private version, a picture in the zip", async () => {
    const own = await createUser(t);
    const res = await upload(t, own.cookie, [
      {
        name: "mixed.zip",
        bytes: zipOf({
          [good]: "A good piece.",
          "2020/huge.md": "word ".repeat(2_000_000),
          "nul.txt": "bad\u0000byte",
          "empty.md": "  \n",
          "2020/lost.private.md": "---\nversion: private\ntitle: null\n---\n\nAlone.",
          "cover.png": new Uint8Array([137, 80, 78, 71]),
          ".DS_Store": new Uint8Array([0, 0, 0, 1]),
        }),
      },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(1);
    expect(res.body.unreadable).toEqual([
      { file: "2020/huge.md", reason: IMPORT_MESSAGES.tooLong },
      { file: "nul.txt", reason: IMPORT_MESSAGES.nul },
      { file: "empty.md", reason: IMPORT_MESSAGES.empty },
      { file: "cover.png", reason: IMPORT_MESSAGES.notText },
      { file: "2020/lost.private.md", reason: IMPORT_MESSAGES.orphanPrivate("2020/lost.md") },
    ]);
    expect(await piecesOf(t, own.id)).toHaveLength(1);
  });

  it("dates no calendar holds (year 0, a five-digit year) are not a 500: the piece comes in on a day it can have", async () => {
    const own = await createUser(t);
    const res = await upload(t, own.cookie, [
      { name: "0000-01-01-year-zero.md", bytes: "Written in year zero?" },
      { name: "far.md", bytes: '---\ndate: "+010000-01-01T00:00:00Z"\nupdated: "-000001-06-01T00:00:00Z"\n---\n\nFrom far away.' },
      { name: good, bytes: "A good piece." },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ imported: 3, unreadable: [] });
    for (const p of await piecesOf(t, own.id)) expect(Number(p.localDate.slice(0, 4))).toBeGreaterThanOrEqual(1000);
  });
});
