import { IMPORT_MAX_FILES, IMPORT_MAX_UPLOAD_BYTES } from "#shared/constants.ts";
import { IMPORT_MESSAGES } from "#shared/schemas/import.ts";

/** What the file picker accepts: a zip archive, or Markdown and text files. */
export const IMPORT_ACCEPT = ".zip,.md,.txt,application/zip,text/markdown,text/plain";

const kindOf = (name: string) => name.toLowerCase().match(/\.(zip|md|txt)$/)?.[1] ?? null;

/**
 * Why a chosen set of files cannot be sent (the server's rules, mirrored so the writer hears at
 * once, not after a 50 MB upload), or null when it can.
 */
export function importFilesProblem(files: readonly { name: string; size: number }[]): string | null {
  if (files.length === 0) return IMPORT_MESSAGES.noFiles;
  const kinds = files.map((f) => kindOf(f.name));
  if (kinds.includes(null)) return IMPORT_MESSAGES.wrongType;
  if (kinds.includes("zip") && files.length > 1) return IMPORT_MESSAGES.mixed;
  if (files.length > IMPORT_MAX_FILES) return IMPORT_MESSAGES.tooManyFiles;
  if (files.reduce((n, f) => n + f.size, 0) > IMPORT_MAX_UPLOAD_BYTES) return IMPORT_MESSAGES.tooLarge;
  return null;
}
