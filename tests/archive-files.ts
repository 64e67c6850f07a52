import { writeArchiveFile, type PieceFrontMatter, type PrivateFrontMatter } from "#shared/domain/piece-archive.ts";
import { countWords, pagesFor } from "#shared/domain/words.ts";

/* Files of the inkwell Markdown archive as export writes them, for the import tests (API and e2e): shared code only. */

/** A piece's file: front matter (with the format's defaults) and the text. */
export function pieceFile(text: string, fm: Partial<PieceFrontMatter> & Pick<PieceFrontMatter, "local_date">): string {
  const words = countWords(text);
  return writeArchiveFile(
    {
      title: null,
      date: `${fm.local_date}T19:38:12.000Z`,
      updated: `${fm.local_date}T19:38:12.000Z`,
      prompt: "Freewrite Session",
      prompt_date: null,
      words,
      pages: pagesFor(words),
      visibility: "public",
      signature: "name",
      featured: false,
      likes: 0,
      comments: 0,
      source: "inkwell",
      id: crypto.randomUUID(),
      ...fm,
    },
    text,
  );
}

/** A private version's file, beside its piece's. */
export function privateFile(text: string, title: string | null): string {
  const words = countWords(text);
  const fm: PrivateFrontMatter = { version: "private", title, words, pages: pagesFor(words) };
  return writeArchiveFile(fm, text);
}
