import { crc32, deflateRawSync } from "node:zlib";

/*
 * A gzipped body made of a short head, different for each answer, and a long tail compressed
 * once (issue 28 item 2: the signed-in feed's page is the cached visitor's page after the
 * reader's own marks). Gzipping the whole body per request was a third of that answer's time.
 *
 * A gzip member (RFC 1952) is a header, one DEFLATE stream (RFC 1951) and the CRC-32 and length
 * of what it holds. A DEFLATE stream is a run of blocks, the last one flagged final. The head goes
 * in stored blocks (uncompressed, byte-aligned, never final), and the tail's stream follows as it
 * was made: it was compressed alone, so none of its references reach back into the head, and its
 * last block is final. The CRC of head + tail continues the head's CRC over the tail's bytes.
 */

/** The member's header: deflate, no flags, no time, Unix. */
const HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3);
/** A stored block holds at most this many bytes. */
const STORED_MAX = 0xffff;

/** A body's long end: its bytes and their raw DEFLATE stream, made once. */
export interface CompressedTail {
  bytes: Uint8Array;
  deflate: Uint8Array;
}

export function compressTail(bytes: Uint8Array): CompressedTail {
  return { bytes, deflate: new Uint8Array(deflateRawSync(bytes)) };
}

/** Non-final stored blocks holding `bytes` (none for none). */
function storedBlocks(bytes: Uint8Array): Uint8Array {
  const blocks = Math.ceil(bytes.length / STORED_MAX);
  const out = new Uint8Array(bytes.length + blocks * 5);
  let at = 0;
  for (let from = 0; from < bytes.length; from += STORED_MAX) {
    const chunk = bytes.subarray(from, from + STORED_MAX);
    // BFINAL 0, BTYPE 00, padded to the byte; then LEN and its one's complement, little-endian.
    out[at] = 0;
    out[at + 1] = chunk.length & 0xff;
    out[at + 2] = chunk.length >>> 8;
    out[at + 3] = ~chunk.length & 0xff;
    out[at + 4] = (~chunk.length >>> 8) & 0xff;
    out.set(chunk, at + 5);
    at += 5 + chunk.length;
  }
  return out;
}

/** The CRC-32 of `bytes` continued from `value` (node:zlib's crc32 answers 0, not `value`, for the empty array TextEncoder makes). */
const crcAfter = (value: number, bytes: Uint8Array) => (bytes.length === 0 ? value : crc32(bytes, value));

/** One gzip member holding `head` then the tail's bytes. */
export function gzipHeadAndTail(head: Uint8Array, tail: CompressedTail): Uint8Array<ArrayBuffer> {
  const stored = storedBlocks(head);
  const out = new Uint8Array(HEADER.length + stored.length + tail.deflate.length + 8);
  out.set(HEADER, 0);
  out.set(stored, HEADER.length);
  out.set(tail.deflate, HEADER.length + stored.length);
  const trailer = new DataView(out.buffer, out.length - 8);
  trailer.setUint32(0, crcAfter(crcAfter(0, head), tail.bytes), true);
  trailer.setUint32(4, (head.length + tail.bytes.length) >>> 0, true);
  return out;
}
