import { z } from "zod";
import { IMPORT_MAX_FILES, IMPORT_MAX_UNCOMPRESSED_BYTES, IMPORT_MAX_UPLOAD_BYTES, MAX_CONTENT_LENGTH } from "../constants.ts";

/* Import of a Markdown archive or loose .md/.txt files into the writer's portfolio (issue 15 item 2). */

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** What the import page explains, and the messages of every refusal and unreadable file. */
export const IMPORT_MESSAGES = {
  rule: "Imported pieces arrive private, keep their dates, and don't count toward your streak, pages or achievements — those are about writing here.",
  signIn: "Sign in to import your writing.",
  noFiles: "Choose a .zip archive, or one or more .md or .txt files, to import.",
  notForm: "That upload could not be read. Choose your files again and retry.",
  wrongType: "Only a .zip archive, or .md and .txt files, can be imported.",
  mixed: "Import one .zip archive, or .md and .txt files — not both at once.",
  tooLarge: `That upload is larger than ${mb(IMPORT_MAX_UPLOAD_BYTES)}, the most one import can take. Split it into smaller archives.`,
  tooManyFiles: `That is more than ${IMPORT_MAX_FILES.toLocaleString("en-US")} files, the most one import can take. Split it into smaller archives.`,
  unpacksTooLarge: `This archive unpacks to more than ${mb(IMPORT_MAX_UNCOMPRESSED_BYTES)}, the most one import can take, so nothing was imported.`,
  notZip: "That file is not a zip archive we can read, so nothing was imported.",
  damaged: "This archive is damaged and can't be read, so nothing was imported.",
  unsafePath: (path: string) => `This archive holds a file outside its own folder (${path}), so it was refused and nothing was imported.`,
  // Per file: the file is skipped and named in the report.
  invalidUtf8: "not valid UTF-8 text",
  nul: "contains a NUL character, which can't be stored",
  tooLong: `longer than ${MAX_CONTENT_LENGTH.toLocaleString("en-US")} characters, the most a piece can hold`,
  empty: "has no text",
  notText: "not a .md or .txt file",
  unpackFailed: "could not be unpacked (damaged, or compressed in a way we can't read)",
  orphanPrivate: (piece: string) => `a private version whose piece (${piece}) is not in the upload`,
} as const;

export const importUnreadable = z.object({ file: z.string(), reason: z.string() });
export type ImportUnreadable = z.infer<typeof importUnreadable>;

/** POST /api/me/import: what was imported, what was skipped, and the report line saying so. */
export const importResponse = z.object({
  imported: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
  unreadable: z.array(importUnreadable),
  report: z.string(),
});
export type ImportResponse = z.infer<typeof importResponse>;

/** "42 imported, 3 skipped as duplicates, 1 unreadable: notes.md: not valid UTF-8 text" (the unreadable part only when there is one). */
export function importReportLine(r: { imported: number; duplicates: number; unreadable: ImportUnreadable[] }): string {
  const line = `${r.imported} imported, ${r.duplicates} skipped as ${r.duplicates === 1 ? "a duplicate" : "duplicates"}`;
  if (r.unreadable.length === 0) return line;
  return `${line}, ${r.unreadable.length} unreadable: ${r.unreadable.map((u) => `${u.file}: ${u.reason}`).join("; ")}`;
}
