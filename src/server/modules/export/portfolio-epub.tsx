import { existsSync, readFileSync } from "node:fs";
import { strToU8 } from "fflate";
import { monthLabel } from "#shared/domain/months.ts";
import { pieceName } from "#shared/domain/piece-name.ts";
import type { ExportPiece } from "./export.query.ts";
import { xmlText } from "../feeds/feeds.html.ts";
import { bookIdentifier, bookStart, packageDocument, Page, PieceBody, xhtml, XHTML_TYPE, type ManifestItem } from "./epub.tsx";
import { currentVersion } from "./piece-files.ts";
import { zipStream, type ZipEntry } from "./zip-stream.ts";

/*
 * The portfolio as an EPUB 3 book (issue 15 item 1): a title page with the name the writer chose,
 * a table of contents, one chapter per month of their own days, Literata embedded for the text.
 * Streamed: a month's pieces are held until its chapter is written, then let go; only the list of
 * months (for the manifest and the contents) grows with the book.
 */

/** The Literata files the book embeds (read once; the client serves the same files). */
const FONTS = [
  { file: "literata-latin-400-normal.woff2", weight: 400, style: "normal" },
  { file: "literata-latin-400-italic.woff2", weight: 400, style: "italic" },
  { file: "literata-latin-700-normal.woff2", weight: 700, style: "normal" },
] as const;
let fontBytes: Uint8Array[] | null = null;
/** A font file: copied beside the built server (vite.server.config.ts), else the client's own, from the sources. */
const fontUrl = (file: string) => {
  const beside = new URL(`./fonts/${file}`, import.meta.url);
  return existsSync(beside) ? beside : new URL(`../../../client/fonts/${file}`, import.meta.url);
};
const fonts = () => (fontBytes ??= FONTS.map((f) => new Uint8Array(readFileSync(fontUrl(f.file)))));

const STYLESHEET = `${FONTS.map((f) => `@font-face { font-family: "Literata"; font-weight: ${f.weight}; font-style: ${f.style}; src: url("fonts/${f.file}") format("woff2"); }`).join("\n")}
body { font-family: "Literata", Georgia, serif; line-height: 1.55; }
h1, h2 { font-weight: 700; line-height: 1.25; }
article { margin-bottom: 2.5em; }
blockquote { margin-left: 1.25em; font-style: italic; }
.title-page { text-align: center; margin-top: 30%; }
`;

/** The book as the route asks for it. */
export interface PortfolioBook {
  /** The name on the title page: the writer's name or alias, as they chose. */
  author: string;
  /** What it holds: "All my writing", "2026", "November 2026". */
  scopeLabel: string;
  siteName: string;
  /** Seeds the identifier (hashed). */
  seed: string;
  now: Date;
}

const chapterFile = (month: string) => `month-${month}.xhtml`;
const clean = (s: string) => xmlText(s);

function Chapter({ month, pieces }: { month: string; pieces: ExportPiece[] }) {
  const label = monthLabel(month);
  return (
    <Page title={label} stylesheet="style.css">
      <section {...{ "epub:type": "chapter" }}>
        <h1>{label}</h1>
        {pieces.map((p) => {
          const v = currentVersion(p);
          const prompt = p.promptKind === "freewrite" ? null : clean(p.promptText);
          const name = clean(pieceName(v.title, { text: p.promptText, kind: p.promptKind }));
          return (
            <article key={p.id} id={`piece-${p.id}`}>
              <PieceBody heading="h2" piece={{ name, date: p.localDate, wordCount: v.words, prompt, content: clean(v.text) }} />
            </article>
          );
        })}
      </section>
    </Page>
  );
}

function TitlePage({ book, pieceCount }: { book: PortfolioBook; pieceCount: number }) {
  return (
    <Page title={book.author} stylesheet="style.css">
      <section className="title-page" {...{ "epub:type": "titlepage" }}>
        <h1>{clean(book.author)}</h1>
        <p>{book.scopeLabel}</p>
        <p>
          {pieceCount} {pieceCount === 1 ? "piece" : "pieces"} written on {book.siteName}
        </p>
      </section>
    </Page>
  );
}

function Contents({ months }: { months: string[] }) {
  return (
    <Page title="Contents" stylesheet="style.css">
      <nav {...{ "epub:type": "toc" }} id="toc">
        <h1>Contents</h1>
        <ol>
          <li>
            <a href="title.xhtml">Title page</a>
          </li>
          {months.map((m) => (
            <li key={m}>
              <a href={chapterFile(m)}>{monthLabel(m)}</a>
            </li>
          ))}
        </ol>
      </nav>
    </Page>
  );
}

/** The book as a stream: chapters as their months end, then the title page, contents, package. */
export function portfolioEpub(pages: AsyncIterable<ExportPiece[]>, book: PortfolioBook): ReadableStream<Uint8Array> {
  async function* batches(): AsyncGenerator<ZipEntry[]> {
    yield bookStart();
    const months: string[] = [];
    let count = 0;
    let month: string | null = null;
    let held: ExportPiece[] = [];
    const chapter = (): ZipEntry[] => {
      if (month === null || held.length === 0) return [];
      months.push(month);
      const entry = { name: `OEBPS/${chapterFile(month)}`, data: strToU8(xhtml(<Chapter month={month} pieces={held} />)) };
      held = [];
      return [entry];
    };
    for await (const page of pages) {
      const out: ZipEntry[] = [];
      for (const p of page) {
        const m = p.localDate.slice(0, 7);
        if (m !== month) {
          out.push(...chapter());
          month = m;
        }
        held.push(p);
        count++;
      }
      yield out;
    }
    const last = chapter();
    const chapters: ManifestItem[] = months.map((m) => ({ id: `m${m}`, href: chapterFile(m), mediaType: XHTML_TYPE }));
    const fontItems: ManifestItem[] = FONTS.map((f, i) => ({ id: `font${i + 1}`, href: `fonts/${f.file}`, mediaType: "font/woff2" }));
    const opf = packageDocument({
      title: `${book.author} — ${book.scopeLabel}`,
      creator: book.author,
      identifier: bookIdentifier(`${book.seed}:${book.scopeLabel}`),
      modified: book.now,
      items: [
        { id: "title", href: "title.xhtml", mediaType: XHTML_TYPE },
        { id: "nav", href: "nav.xhtml", mediaType: XHTML_TYPE, properties: "nav" },
        { id: "css", href: "style.css", mediaType: "text/css" },
        ...fontItems,
        ...chapters,
      ],
      spine: ["title", "nav", ...chapters.map((c) => c.id)],
    });
    yield [
      ...last,
      { name: "OEBPS/title.xhtml", data: strToU8(xhtml(<TitlePage book={book} pieceCount={count} />)) },
      { name: "OEBPS/nav.xhtml", data: strToU8(xhtml(<Contents months={months} />)) },
      { name: "OEBPS/style.css", data: strToU8(STYLESHEET) },
      ...fonts().map((data, i) => ({ name: `OEBPS/fonts/${FONTS[i]!.file}`, data, stored: true })),
      { name: "OEBPS/content.opf", data: strToU8(opf) },
    ];
  }
  return zipStream(batches());
}
