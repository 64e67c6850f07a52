import { formatPages } from "#shared/domain/words.ts";
import { shortDay } from "#shared/domain/months.ts";
import type { CollectionResponse } from "#shared/schemas/collections.ts";

/** A line of the writer's text kept as text in Markdown: a leading "#", ">", "-" … would become structure. */
const literal = (line: string) => line.replace(/^(\s*)([#>+\-=|]|\d+[.)])/, "$1\\$2");

/** Markdown keeps a single line break only with a hard break ("two spaces"); blank lines stay paragraphs. */
const withBreaks = (content: string) =>
  content
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => literal(line.trimEnd()))
    .join("  \n")
    .replace(/ {2}\n {2}\n/g, "\n\n");

/**
 * A month's collection as one Markdown file. The piece markup is Markdown already (**bold**,
 * *italic*); everything else is plain text with its structural characters escaped.
 */
export function collectionMarkdown(collection: CollectionResponse, siteName: string): string {
  const out = [`# ${collection.label}`, "", `My collection on ${siteName}: ${collection.pieces.length} pieces, ${collection.wordCount} words, ${formatPages(collection.pages)} pages.`, ""];
  for (const p of collection.pieces) {
    out.push(`## ${literal(p.name)}`, "", `*${shortDay(p.date)} · ${p.wordCount} words*`, "");
    if (p.prompt) out.push(`> ${p.prompt}`, "");
    out.push(withBreaks(p.content), "");
  }
  if (collection.more) out.push(`*…and ${collection.more} more pieces this month, not included.*`, "");
  return out.join("\n");
}
