import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { gunzipSync, inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { listening } from "#tests/setup/listening.ts";
import { createSubmission, createUser } from "#tests/factories.ts";
import { withViewerMarks } from "#shared/domain/viewer-marks.ts";
import { ACCOUNT_HEADER } from "#shared/pwa.ts";
import type { CommunityFeedPage } from "#shared/schemas/community.ts";
import { choosesGzip } from "./gzip-json.ts";

/*
 * Issue 28 item 2: a JSON answer is gzipped in one call and sent as bytes with its length (not
 * streamed through a CompressionStream in chunks); the body and the headers a client reads are
 * the compress middleware's. A real listening server, raw HTTP (fetch would decode for us).
 */

let t: TestApp;
let served: Awaited<ReturnType<typeof listening>> | undefined;
/** The Responses the app handed @hono/node-server, newest last. */
const answers: Response[] = [];
/**
 * The body @hono/node-server writes without reading a web stream: its lightweight Response keeps
 * the body it was made with under a private symbol ("cache") until something reads `.body`.
 */
function bodyAsMade(res: Response): unknown {
  const key = Object.getOwnPropertySymbols(res).find((s) => s.description === "cache");
  return key ? (res as unknown as Record<symbol, unknown[]>)[key]![1] : undefined;
}
beforeAll(async () => {
  t = await createTestApp();
  served = await listening(t, (res) => answers.push(res));
});
afterAll(async () => {
  await served?.close();
  await t?.close();
});

function get(path: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: served!.port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("a JSON answer to a client that takes gzip", () => {
  it("is the same JSON, gzipped, sent whole with its length", async () => {
    const writer = await createUser(t);
    const piece = await createSubmission(t, writer, { title: "Sent whole" });
    const path = `/api/community/pieces/${piece.id}`;
    const plain = await get(path, { cookie: writer.cookie });
    const gzipped = await get(path, { cookie: writer.cookie, "accept-encoding": "gzip, deflate, br" });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers["content-type"]).toBe(plain.headers["content-type"]);
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(gzipped.headers["transfer-encoding"]).toBeUndefined();
    expect(gzipped.headers["content-length"]).toBe(String(gzipped.body.length));
    expect(JSON.parse(gunzipSync(gzipped.body).toString("utf8"))).toEqual(JSON.parse(plain.body.toString("utf8")));
    // Handed over as the bytes themselves, not rebuilt around a stream.
    expect(bodyAsMade(answers.at(-1)!)).toBeInstanceOf(Uint8Array);
  });

  it("is the signed-in feed's page with the reader's own likes and pieces, gzipped as bytes with its ETag", async () => {
    const [writer, reader] = [await createUser(t), await createUser(t)];
    const theirs = await createSubmission(t, writer, { title: "Liked by the reader" });
    const own = await createSubmission(t, reader, { title: "The reader's own" });
    expect((await t.json(`/api/community/pieces/${theirs.id}/like`, { method: "PUT", cookie: reader.cookie })).status).toBe(200);
    const gzipped = await get("/api/community/feed", { cookie: reader.cookie, "accept-encoding": "gzip" });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers["content-length"]).toBe(String(gzipped.body.length));
    expect(bodyAsMade(answers.at(-1)!)).toBeInstanceOf(Uint8Array);
    const page = JSON.parse(gunzipSync(gzipped.body).toString("utf8")) as CommunityFeedPage;
    // The reader's marks, before the cached page's cards (which carry the visitor's flags).
    expect(page.marks).toEqual({ likedByMe: [theirs.id], isMine: [own.id] });
    const card = (id: string) => withViewerMarks(page).items.find((i) => i.id === id);
    expect(card(theirs.id)).toMatchObject({ likedByMe: true, isMine: false });
    expect(card(own.id)).toMatchObject({ likedByMe: false, isMine: true });
    // The same representation plain: its ETag is answered 304 either way.
    const plain = await get("/api/community/feed", { cookie: reader.cookie });
    expect(JSON.parse(plain.body.toString("utf8"))).toEqual(page);
    expect(plain.headers.etag).toBe(gzipped.headers.etag);
    const again = await get("/api/community/feed", { cookie: reader.cookie, "accept-encoding": "gzip", "if-none-match": String(gzipped.headers.etag) });
    expect(again.status).toBe(304);
  });

  it("is a keepable answer's bytes as made, with the account it belongs to (the header is not set on a finished answer)", async () => {
    const writer = await createUser(t);
    await createSubmission(t, writer, { title: "Kept offline" });
    const res = await get("/api/me/submissions", { cookie: writer.cookie, "accept-encoding": "gzip" });
    expect(res.status).toBe(200);
    expect(res.headers[ACCOUNT_HEADER.toLowerCase()]).toBe(writer.id);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(bodyAsMade(answers.at(-1)!)).toBeInstanceOf(Uint8Array);
  });

  it("is still deflated for a client that prefers deflate, and plain for one that takes neither", async () => {
    const deflated = await get("/api/config", { "accept-encoding": "gzip;q=0.5, deflate" });
    expect(deflated.headers["content-encoding"]).toBe("deflate");
    const plain = await get("/api/config", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(inflateSync(deflated.body).toString("utf8"))).toEqual(JSON.parse(plain.body.toString("utf8")));
  });
});

describe("choosesGzip", () => {
  it("chooses gzip as the compress middleware would", () => {
    expect(choosesGzip(undefined)).toBe(false);
    expect(choosesGzip("gzip")).toBe(true);
    expect(choosesGzip("*")).toBe(true);
    expect(choosesGzip("deflate, gzip;q=0.8")).toBe(false);
    expect(choosesGzip("gzip;q=0.8, deflate;q=0.8")).toBe(true);
    expect(choosesGzip("gzip;q=0, *")).toBe(false);
    expect(choosesGzip("br")).toBe(false);
  });
});
