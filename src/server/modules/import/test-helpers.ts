import { count, eq } from "drizzle-orm";
import { strToU8, Zip, ZipDeflate, zipSync } from "fflate";
import type { ImportResponse } from "#shared/schemas/import.ts";
import { submissions } from "#server/db/schema/index.ts";
import { APP_URL, type TestApp } from "#tests/setup/app.ts";
import { concat } from "./unzip.ts";

export { pieceFile, privateFile } from "#tests/archive-files.ts";

/* What the import tests share: uploads sent as the page sends them (multipart, our origin), archives in the format. */

export type Upload = { name: string; bytes: Uint8Array | string };
export type ErrorBody = { code: string; message: string };

/** POST /api/me/import with `files` as the page sends them. */
export async function upload<T = ImportResponse>(t: TestApp, cookie: string | null, files: Upload[]): Promise<{ status: number; body: T }> {
  const form = new FormData();
  for (const f of files) form.append("files", new Blob([new Uint8Array(typeof f.bytes === "string" ? strToU8(f.bytes) : f.bytes)]), f.name);
  const headers: Record<string, string> = { origin: APP_URL };
  if (cookie) headers.cookie = cookie;
  const res = await t.app.request("/api/me/import", { method: "POST", headers, body: form });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A zip of `entries` (path → text or bytes). */
export function zipOf(entries: Record<string, string | Uint8Array>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(entries).map(([path, v]) => [path, typeof v === "string" ? strToU8(v) : v])));
}

/** Every piece in the database (all writers): what "nothing written" is counted by. */
export async function allPieces(t: TestApp): Promise<number> {
  const [row] = await t.deps.db.select({ n: count() }).from(submissions);
  return row?.n ?? 0;
}

export async function piecesOf(t: TestApp, userId: string) {
  return t.deps.db.select().from(submissions).where(eq(submissions.userId, userId)).orderBy(submissions.localDate, submissions.createdAt);
}

/** A zip whose `bomb.txt` inflates to `bytes` zeros (deflated a megabyte at a time; its local header says size 0). */
export function bombZip(bytes: number, also: Record<string, string> = {}): Uint8Array {
  const out: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    out.push(chunk);
  });
  for (const [path, text] of Object.entries(also)) {
    const file = new ZipDeflate(path);
    zip.add(file);
    file.push(strToU8(text), true);
  }
  const bomb = new ZipDeflate("bomb.txt", { level: 9 });
  zip.add(bomb);
  const mb = new Uint8Array(1024 * 1024);
  for (let left = bytes; left > 0; left -= mb.length) bomb.push(left > mb.length ? mb : mb.subarray(0, left), left <= mb.length);
  zip.end();
  return concat(out);
}
