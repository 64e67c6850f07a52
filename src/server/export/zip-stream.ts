import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

/** A file of a streamed zip. `stored` files are not compressed (an EPUB's `mimetype`). */
export interface ZipEntry {
  name: string;
  data: Uint8Array;
  stored?: boolean;
  mtime?: Date;
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
    const file = entry.stored ? new ZipPassThrough(entry.name) : new ZipDeflate(entry.name, { level: 6 });
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
      const chunks = out;
      out = [];
      for (const chunk of chunks) controller.enqueue(chunk);
      if (ended) controller.close();
    },
    async cancel() {
      zip.terminate();
      await iterator.return?.();
    },
  });
}
