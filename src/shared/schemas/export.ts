import { z } from "zod";

/** Export from /settings/data (issue 15 item 1): inputs and wording. */

export const EXPORT_MESSAGES = {
  signIn: "Please sign in to export your writing.",
  notFound: "Piece not found",
  badFormat: "Choose a download format: md or txt.",
  badScope: "Choose everything, a year (YYYY) or a month (YYYY-MM).",
  badName: "Choose name or alias for the title page.",
  noAlias: "You have no alias to put on the title page. Choose your name.",
} as const;

/** Exports one writer may start per hour (each reads all their pieces). */
export const EXPORTS_PER_HOUR = 10;

export const pieceDownloadQuery = z.object({
  format: z.enum(["md", "txt"], { error: EXPORT_MESSAGES.badFormat }),
});

/** "all", a year "2026" or a month "2026-11". */
export const EPUB_SCOPE_PATTERN = /^(all|[1-9]\d{3}|[1-9]\d{3}-(0[1-9]|1[0-2]))$/;

export const epubExportQuery = z.object({
  scope: z.string().regex(EPUB_SCOPE_PATTERN, EXPORT_MESSAGES.badScope).default("all"),
  name: z.enum(["name", "alias"], { error: EXPORT_MESSAGES.badName }).default("name"),
});
export type EpubExportQuery = z.infer<typeof epubExportQuery>;
