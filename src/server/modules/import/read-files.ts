import { z } from "zod";
import { MAX_CONTENT_LENGTH, MAX_TITLE_LENGTH } from "#shared/constants.ts";
import { isArchiveReadme, pairOfPrivate, readArchiveFile, type ImportFrontMatter } from "#shared/domain/piece-archive.ts";
import { isIsoDate } from "#shared/domain/dates.ts";
import { IMPORT_MESSAGES, type ImportUnreadable } from "#shared/schemas/import.ts";
import type { UploadedFile } from "./unzip.ts";

/*
 * The files of an upload read as pieces, by the archive format (src/shared/domain/piece-archive.ts):
 * a `.md` with front matter gives its title, dates and text, its `.private.md` its private version;
 * a `.md` without front matter or a `.txt` gives a `# heading` title (md only), the date at the
 * start of its name (else the writer's today) and the rest as text. A file that cannot be read
 * (not UTF-8, a NUL, too long, empty, not .md/.txt) is left out and named with the reason.
 */

export interface Version {
  title: string | null;
  text: string;
}

export interface ImportCandidate {
  file: string;
  localDate: string;
  createdAt: Date;
  updatedAt: Date;
  published: Version;
  /** The `.private.md` version, when the archive has one. */
  private: Version | null;
  prompt: string | null;
  promptDate: string | null;
  /** The piece's id in the inkwell it was exported from (front matter `id`). */
  sourceId: string | null;
}

const decoder = new TextDecoder("utf-8", { fatal: true });
const DAY = /^(\d{4}-\d{2}-\d{2})/;
const promptFields = z.object({
  prompt: z.string().trim().min(1).nullish().catch(null),
  prompt_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullish().catch(null),
  updated: z.string().nullish().catch(null),
});

/** A real calendar day of the years 1000–9999 (2026-02-30 is not; nor is year 0, which the database refuses). */
function realDay(day: string | null | undefined): string | null {
  return day && /^[1-9]/.test(day) && isIsoDate(day) ? day : null;
}

/** A moment of the years 1000–9999 (JavaScript reads years the database cannot store). */
function instant(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  const year = d.getUTCFullYear();
  return Number.isNaN(d.getTime()) || year < 1000 || year > 9999 ? null : d;
}

const baseName = (path: string) => path.slice(path.lastIndexOf("/") + 1);
const extension = (path: string) => baseName(path).toLowerCase().match(/\.(md|txt)$/)?.[1] ?? null;
/** Files a computer leaves in a folder, not the writer's: `.DS_Store`, `__MACOSX/…`, `._x`. */
const isSystemFile = (path: string) => path.startsWith("__MACOSX/") || baseName(path).startsWith(".");

/** When every path sits in one top folder (a zipped folder), paths are read from inside it. */
function stripCommonFolder(files: UploadedFile[]): UploadedFile[] {
  const tops = new Set(files.map((f) => (f.path.includes("/") ? f.path.slice(0, f.path.indexOf("/")) : "")));
  const [top] = tops;
  if (tops.size !== 1 || !top || files.length === 0) return files;
  return files.map((f) => ({ ...f, path: f.path.slice(top.length + 1) }));
}

/** The text of a file, or why it cannot be a piece's text. */
function decode(bytes: Uint8Array): { text: string } | { reason: string } {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return { reason: IMPORT_MESSAGES.invalidUtf8 };
  }
  if (text.includes("\u0000")) return { reason: IMPORT_MESSAGES.nul };
  return { text };
}

/** A version's title and text, or why it cannot be kept (empty, or longer than a piece may be). */
function version(title: string | null | undefined, body: string): Version | { reason: string } {
  const text = body.replace(/\r\n?/g, "\n").trim();
  if (!text) return { reason: IMPORT_MESSAGES.empty };
  if (text.length > MAX_CONTENT_LENGTH) return { reason: IMPORT_MESSAGES.tooLong };
  const own = (title ?? "").trim().slice(0, MAX_TITLE_LENGTH).trim();
  return { title: own || null, text };
}

/** A file without front matter: a `# heading` first line is the title (Markdown only). */
function plainVersion(text: string, markdown: boolean): Version | { reason: string } {
  const normal = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n").trimStart();
  const heading = markdown ? /^# +(.+)\n?/.exec(normal) : null;
  return heading ? version(heading[1], normal.slice(heading[0].length)) : version(null, normal);
}

type Read = { frontMatter: ImportFrontMatter | null; version: Version };

function readFile(path: string, text: string): Read | { reason: string } {
  const markdown = extension(path) === "md";
  if (markdown) {
    const { frontMatter, body } = readArchiveFile(text);
    if (frontMatter) {
      const v = version(frontMatter.title, body);
      return "reason" in v ? v : { frontMatter, version: v };
    }
  }
  const v = plainVersion(text, markdown);
  return "reason" in v ? v : { frontMatter: null, version: v };
}

/** Every piece of the upload, and every file that could not be read with its reason. `today` dates the undated ones. */
export function readUpload(uploaded: UploadedFile[], today: string, now: Date): { pieces: ImportCandidate[]; unreadable: ImportUnreadable[] } {
  const unreadable: ImportUnreadable[] = [];
  const read = new Map<string, Read>();
  const privates = new Map<string, { file: string; read: Read }>();
  for (const file of stripCommonFolder(uploaded)) {
    if (isSystemFile(file.path) || isArchiveReadme(file.path)) continue;
    if ("unreadable" in file) {
      unreadable.push({ file: file.path, reason: file.unreadable });
      continue;
    }
    if (!extension(file.path)) {
      unreadable.push({ file: file.path, reason: IMPORT_MESSAGES.notText });
      continue;
    }
    const decoded = decode(file.bytes);
    const result = "reason" in decoded ? decoded : readFile(file.path, decoded.text);
    if ("reason" in result) {
      unreadable.push({ file: file.path, reason: result.reason });
      continue;
    }
    const pair = pairOfPrivate(file.path);
    if (pair && result.frontMatter?.version === "private") privates.set(pair, { file: file.path, read: result });
    else read.set(file.path, result);
  }
  for (const [pair, { file }] of privates) if (!read.has(pair)) unreadable.push({ file, reason: IMPORT_MESSAGES.orphanPrivate(pair) });

  const pieces = [...read].map(([file, { frontMatter, version: published }]): ImportCandidate => {
    const fm = frontMatter ?? {};
    const extra = promptFields.parse(fm);
    const created = instant(fm.date);
    const localDate = realDay(fm.local_date) ?? realDay(DAY.exec(baseName(file))?.[1]) ?? (created ? created.toISOString().slice(0, 10) : today);
    const createdAt = created ?? (localDate === today ? now : new Date(`${localDate}T12:00:00Z`));
    return {
      file,
      localDate,
      createdAt,
      updatedAt: instant(extra.updated) ?? createdAt,
      published,
      private: privates.get(file)?.read.version ?? null,
      prompt: extra.prompt ?? null,
      promptDate: realDay(extra.prompt_date),
      sourceId: fm.id ?? null,
    };
  });
  return { pieces, unreadable };
}
