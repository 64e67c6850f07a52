import { strToU8 } from "fflate";
import { ARCHIVE_README, pieceFileName, privateFileName } from "#shared/domain/piece-archive.ts";
import type { ExportPiece } from "./export.query.ts";
import { pieceMarkdown, pieceVersions, privateMarkdown } from "./piece-files.ts";
import { zipStream, type ZipEntry } from "./zip-stream.ts";

/** The archive's README.md: what is in it and how to bring it back. */
export function archiveReadme(siteName: string, exportDay: string): string {
  return `# Your writing on ${siteName}

Exported on ${exportDay}. Everything you wrote, one file per piece.

## What is in this archive

- One folder per year. In it, one Markdown file per piece, named
  \`YYYY-MM-DD-title.md\` by the day you wrote it (your own calendar day).
- Each file starts with "front matter" between two \`---\` lines, then your text exactly as
  you wrote it (**bold** and *italic* are already Markdown).
- When you edited a published piece privately, its private version is a second file with the
  same name ending in \`.private.md\`. A private piece has one file: its text is the private one.

## Front matter fields

- \`title\`: the piece's title (null when untitled)
- \`date\`: when you wrote it (UTC); \`local_date\`: your calendar day (what streaks count)
- \`updated\`: when it last changed
- \`prompt\`, \`prompt_date\`: the prompt it answers ("Freewrite Session" for a freewrite)
- \`words\`, \`pages\`: its length (250 words to a page)
- \`visibility\`: public or private; \`signature\`: name, alias or anonymous, and \`alias\` when
  signed with one
- \`featured\`, \`likes\`, \`comments\`: how the community met it
- \`content_warning\`: when you set one
- \`source\`, \`id\`: where it came from (importing the archive again skips pieces already here)

## Bringing it back

Upload this zip on ${siteName} under Settings → Your data → Import. Imported pieces arrive
private and keep their dates.
`;
}

/** A page of pieces as archive files: each piece's `.md`, and its `.private.md` when it has one. */
function pieceEntries(page: ExportPiece[], taken: Set<string>): ZipEntry[] {
  const entries: ZipEntry[] = [];
  for (const p of page) {
    const versions = pieceVersions(p);
    const name = pieceFileName(p.localDate, versions.main.title, versions.main.text, taken);
    entries.push({ name, data: strToU8(pieceMarkdown(p, versions.main)), mtime: p.updatedAt });
    if (versions.private) entries.push({ name: privateFileName(name), data: strToU8(privateMarkdown(versions.private)), mtime: p.updatedAt });
  }
  return entries;
}

/**
 * The Markdown archive as a stream: README.md, then each page of pieces as `pages` yields it.
 * Only the set of file names taken (for `-2`, `-3` …) grows with the archive.
 */
export function markdownArchive(pages: AsyncIterable<ExportPiece[]>, siteName: string, exportDay: string, now: Date): ReadableStream<Uint8Array> {
  async function* batches() {
    yield [{ name: ARCHIVE_README, data: strToU8(archiveReadme(siteName, exportDay)), mtime: now }];
    const taken = new Set<string>();
    for await (const page of pages) yield pieceEntries(page, taken);
  }
  return zipStream(batches());
}
