import { parse, stringify } from "yaml";
import { z } from "zod";

/*
 * The inkwell Markdown archive (issue 15): what export writes and import reads. The format is
 * described for people in the archive's README.md and for the team in docs/archive-format.md. Pure:
 * no node:*, no React — the server's export and import and any client preview share it.
 *
 *   inkwell-YYYY-MM-DD.zip
 *     README.md
 *     2026/2026-11-24-the-lighthouse.md          front matter + the text
 *     2026/2026-11-24-the-lighthouse.private.md  the private version, when it differs
 *
 * API: archiveZipName, pieceSlug, pieceFileName, privateFileName, pairOfPrivate, isArchiveReadme,
 * writeArchiveFile, readArchiveFile, the front-matter types (PieceFrontMatter,
 * PrivateFrontMatter) and importFrontMatter (the zod schema import accepts).
 */

/** The `source` every exported piece carries. */
export const ARCHIVE_SOURCE = "inkwell";
/** The `prompt` of a freewrite in the front matter. */
export const FREEWRITE_PROMPT = "Freewrite Session";
/** The README at the archive's root: not a piece. */
export const ARCHIVE_README = "README.md";
/** Longest slug in a file name. */
export const SLUG_MAX = 60;
/** Words of the text an untitled piece's slug is made of. */
export const SLUG_WORDS = 6;

const PRIVATE_SUFFIX = ".private.md";

/** The zip's name: the day of export, the writer's local date (YYYY-MM-DD). */
export function archiveZipName(localDate: string): string {
  return `inkwell-${localDate}.zip`;
}

/**
 * The slug of a piece: its title (or, untitled, the first 6 words of its text) lower-cased,
 * accents folded (NFKD), ASCII letters and digits kept, every other run → "-", cut to 60
 * characters, no "-" at either end; "piece" when nothing is left.
 */
export function pieceSlug(title: string | null | undefined, text: string): string {
  const own = (title ?? "").trim();
  const source = own || text.trim().split(/\s+/u).slice(0, SLUG_WORDS).join(" ");
  const slug = source
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, "");
  return slug || "piece";
}

/**
 * The path of a piece's file in the archive: `YYYY/YYYY-MM-DD-slug.md`. A name already in
 * `taken` gets `-2`, `-3` … before `.md`; the chosen path is ADDED to `taken`, so pass the
 * same set for every piece of one archive.
 */
export function pieceFileName(localDate: string, title: string | null | undefined, text: string, taken: Set<string>): string {
  const base = `${localDate.slice(0, 4)}/${localDate}-${pieceSlug(title, text)}`;
  let path = `${base}.md`;
  for (let n = 2; taken.has(path); n++) path = `${base}-${n}.md`;
  taken.add(path);
  return path;
}

/** The file holding a piece's private version: `x.md` → `x.private.md`. */
export function privateFileName(path: string): string {
  return path.replace(/\.md$/i, "") + PRIVATE_SUFFIX;
}

/** The piece file a `.private.md` belongs to (`x.private.md` → `x.md`); null for any other file. */
export function pairOfPrivate(path: string): string | null {
  return path.toLowerCase().endsWith(PRIVATE_SUFFIX) ? path.slice(0, -PRIVATE_SUFFIX.length) + ".md" : null;
}

/** True for the archive's own README.md (at the root only: a piece may be called readme elsewhere). */
export function isArchiveReadme(path: string): boolean {
  return path === ARCHIVE_README;
}

/** The front matter export writes on a piece's file (key order is the order written). */
export interface PieceFrontMatter {
  title: string | null;
  date: string;
  local_date: string;
  updated: string;
  prompt: string;
  prompt_date: string | null;
  words: number;
  pages: number;
  visibility: "public" | "private";
  signature: "name" | "alias" | "anonymous";
  alias?: string;
  featured: boolean;
  likes: number;
  comments: number;
  content_warning?: string;
  source: typeof ARCHIVE_SOURCE;
  id: string;
}

/** The front matter of a `.private.md`. */
export interface PrivateFrontMatter {
  version: "private";
  title: string | null;
  words: number;
  pages: number;
}

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const optionalText = z.union([z.string(), z.number()]).transform(String).nullish().catch(undefined);

/**
 * What import accepts in front matter: every key optional, unknown keys kept, a field of the
 * wrong type read as absent (a hand-written file is not refused for a stray `words: many`).
 */
export const importFrontMatter = z.looseObject({
  title: optionalText,
  date: z.string().nullish().catch(undefined),
  local_date: isoDay.nullish().catch(undefined),
  version: z.literal("private").optional().catch(undefined),
  id: z.string().nullish().catch(undefined),
  source: z.string().nullish().catch(undefined),
});
export type ImportFrontMatter = z.infer<typeof importFrontMatter>;

/**
 * A file of the archive: `---`, the front matter as YAML (the `yaml` package, never string
 * concatenation), `---`, one blank line, then the text byte for byte with a trailing newline
 * added when missing.
 */
export function writeArchiveFile(frontMatter: PieceFrontMatter | PrivateFrontMatter, text: string): string {
  const yaml = stringify(frontMatter, { lineWidth: 0 });
  return `---\n${yaml}---\n\n${text.endsWith("\n") ? text : `${text}\n`}`;
}

/**
 * Reads a `.md` file: its front matter (parsed with `yaml`, then `importFrontMatter`) and its
 * body (one trailing newline stripped). A file without front matter, or whose front matter is
 * not a YAML mapping, is all body with `frontMatter: null`.
 */
export function readArchiveFile(content: string): { frontMatter: ImportFrontMatter | null; body: string } {
  const text = content.replace(/^\uFEFF/, "");
  const match = /^---\r?\n(?:([\s\S]*?)\r?\n)?---\r?\n(?:\r?\n)?/.exec(text);
  const strip = (body: string) => body.replace(/\r?\n$/, "");
  if (!match) return { frontMatter: null, body: strip(text) };
  let data: unknown;
  try {
    data = parse(match[1] ?? "");
  } catch {
    return { frontMatter: null, body: strip(text) };
  }
  const parsed = importFrontMatter.safeParse(data);
  if (!parsed.success) return { frontMatter: null, body: strip(text) };
  return { frontMatter: parsed.data, body: strip(text.slice(match[0].length)) };
}
