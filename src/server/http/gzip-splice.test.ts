import { gunzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compressTail, gzipHeadAndTail } from "./gzip-splice.ts";

const utf8 = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** What a browser does with the body: the web-standard gzip decoder, which checks the CRC and length too. */
async function browserGunzip(body: Uint8Array<ArrayBuffer>): Promise<string> {
  const stream = new Blob([body]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).text();
}

describe("a gzip body of a per-answer head and a tail compressed once", () => {
  it("unzips to the head then the tail, for any head and tail", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), fc.string({ unit: "grapheme", maxLength: 3000 }), (head, tail) => {
        const body = gzipHeadAndTail(utf8(head), compressTail(utf8(tail)));
        expect(gunzipSync(body).toString("utf8")).toBe(head + tail);
      }),
    );
  });

  it("is read by the web's gzip decoder, with an empty head and with one longer than a stored block", async () => {
    const tail = compressTail(utf8(`"items":[${Array.from({ length: 500 }, (_, i) => `{"id":${i},"title":"Quiet Hours"}`).join(",")}]}`));
    const long = `{"marks":${JSON.stringify({ likedByMe: Array.from({ length: 6000 }, (_, i) => `piece-${i}`) })},`;
    expect(long.length).toBeGreaterThan(0xffff);
    for (const head of ["", "{", long]) {
      const body = gzipHeadAndTail(utf8(head), tail);
      expect(await browserGunzip(body)).toBe(head + text(tail.bytes));
    }
  });

  it("stays small: the tail's compression is kept, the head costs its bytes and five per block", () => {
    const tail = compressTail(utf8("the harbour lights blinked like slow punctuation. ".repeat(400)));
    const body = gzipHeadAndTail(utf8("{"), tail);
    expect(body.length).toBe(10 + 5 + 1 + tail.deflate.length + 8);
    expect(tail.deflate.length).toBeLessThan(tail.bytes.length / 20);
  });
});
