import { deflateRawSync } from "node:zlib";
import { Zip, ZipPassThrough } from "fflate";

/** A file of a streamed zip. `stored` files are not compressed (an EPUB's `mimetype`). */
export interface ZipEntry {
  name: string;
  data: Uint8Array;
  stored?: boolean;
  mtime?: Date;
}

/**
 * A file compressed by Node's zlib (fflate's documented way to bring one's own compressor: a
 * ZipPassThrough that says "deflate" and hands on deflated bytes; push counts the CRC and size of
 * the source). fflate's own ZipDeflate allocates its window buffers for every file: an archive
 * of 10,000 small files spent most of its time there (scripts/bench/export.ts). Each file is
 * pushed whole, in one final chunk.
 */
class NodeDeflate extends ZipPassThrough {
  constructor(filename: string) {
    super(filename);
    this.compression = 8;
  }
  override process(chunk: Uint8Array, final: boolean): void {
    this.ondata(null, deflateRawSync(chunk, { level: 6 }), final);
  }
}

/**
 * A zip written as it is read: each pull of the stream asks `batches` for its next files (a page
 * of pieces), compresses them with fflate's streaming `Zip` and hands the bytes on, so memory
 * holds one batch at a time however large the archive. Batches are read only as fast as the
 * client takes the bytes; a client that goes away stops the reading.
 */
export function zipStream(batches: AsyncIterable<ZipEntry[]>): ReadableStream<Uint8Array> {
  const iterator = batches[Symbol.asyncIterator]();
  let out: Uint8Array[] = [];
  let failure: Error | null = null;
  let ended = false;
  const zip = new Zip((err, chunk, final) => {
    if (err) failure = err;
    else out.push(chunk);
    if (final) ended = true;
  });
  const add = (entry: ZipEntry) => {
    const file = entry.stored ? new ZipPassThrough(entry.name) : new NodeDeflate(entry.name);
    if (entry.mtime) file.mtime = entry.mtime;
    zip.add(file);
    file.push(entry.data, true);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (out.length === 0 && !ended && !failure) {
        const next = await iterator.next();
        if (next.done) zip.end();
        else next.value.forEach(add);
      }
      if (failure) return controller.error(failure);
      // A batch's pieces (three small chunks a file) go on as one chunk: one socket write, not hundreds.
      if (out.length > 0) controller.enqueue(out.length === 1 ? out[0]! : Buffer.concat(out));
      out = [];
      if (ended) controller.close();
    },
    async cancel() {
      zip.terminate();
      await iterator.return?.();
    },
  });
}
