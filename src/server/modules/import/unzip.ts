import { Unzip, UnzipInflate, UnzipPassThrough, type UnzipFile } from "fflate";
import { IMPORT_MAX_FILES, IMPORT_MAX_UNCOMPRESSED_BYTES } from "#shared/constants.ts";
import { IMPORT_MESSAGES } from "#shared/schemas/import.ts";
import { HttpError } from "../../http/errors.ts";

/*
 * Reads an uploaded zip for import, safely: entries are inflated with fflate's streaming Unzip,
 * and the bytes are counted as they come out (a header's sizes are the archive's word, never
 * trusted), so a zip bomb is stopped once it passes IMPORT_MAX_UNCOMPRESSED_BYTES, having
 * inflated at most one more small chunk. An archive-level problem (too big, too many files, a
 * path out of its folder, not a zip, damaged) refuses the whole import; a single entry we cannot
 * inflate is only that file's problem.
 */

/** A file out of the upload: its path in the archive (or its name) and its bytes, or why it can't be read. */
export type UploadedFile = { path: string; bytes: Uint8Array } | { path: string; unreadable: string };

/** Compressed bytes pushed at a time: small, so one push of a bomb inflates a bounded amount (≤ ~1,000×). */
const PUSH_BYTES = 16 * 1024;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP_MAGIC = [0x50, 0x4b, 0x05, 0x06];

export function looksLikeZip(bytes: Uint8Array): boolean {
  const starts = (magic: number[]) => magic.every((b, i) => bytes[i] === b);
  return starts(ZIP_MAGIC) || starts(EMPTY_ZIP_MAGIC);
}

/** A path that stays inside the archive's folder: relative, no `..` segment, no drive, no backslash. */
export function isSafeEntryPath(path: string): boolean {
  if (!path || path.startsWith("/") || path.includes("\\") || /^[a-z]:/i.test(path) || path.includes("\0")) return false;
  return !path.split("/").some((segment) => segment === "..");
}

const tooLarge = () => new HttpError(413, "import_too_large", IMPORT_MESSAGES.unpacksTooLarge);

/** Every file entry of the zip (directories left out), inflated within the limits. */
export function unzipUpload(zip: Uint8Array): UploadedFile[] {
  if (!looksLikeZip(zip)) throw new HttpError(422, "import_not_zip", IMPORT_MESSAGES.notZip);
  const files: UploadedFile[] = [];
  let total = 0;
  let refusal: HttpError | null = null;

  const unzip = new Unzip((file: UnzipFile) => {
    if (refusal) return;
    if (!isSafeEntryPath(file.name)) {
      refusal = new HttpError(422, "import_unsafe_path", IMPORT_MESSAGES.unsafePath(file.name.slice(0, 200)));
      return;
    }
    if (file.name.endsWith("/")) return;
    if (files.length >= IMPORT_MAX_FILES) {
      refusal = new HttpError(413, "import_too_many_files", IMPORT_MESSAGES.tooManyFiles);
      return;
    }
    // Until its last chunk arrives the entry counts as cut short (a truncated archive ends there).
    const slot = files.push({ path: file.name, unreadable: IMPORT_MESSAGES.unpackFailed }) - 1;
    const chunks: Uint8Array[] = [];
    file.ondata = (err, chunk, final) => {
      if (refusal || err) return;
      total += chunk.length;
      if (total > IMPORT_MAX_UNCOMPRESSED_BYTES) {
        refusal = tooLarge();
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) files[slot] = { path: file.name, bytes: concat(chunks) };
    };
    try {
      file.start();
    } catch {
      // No decoder for this compression method (only stored and deflate are read): the slot says so.
    }
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);

  try {
    for (let at = 0; at < zip.length && !refusal; at += PUSH_BYTES) {
      unzip.push(zip.subarray(at, at + PUSH_BYTES), at + PUSH_BYTES >= zip.length);
    }
  } catch {
    throw new HttpError(422, "import_damaged", IMPORT_MESSAGES.damaged);
  }
  if (refusal) throw refusal;
  return files;
}

/** The chunks as one array (the chunk itself when there is one). */
export function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
