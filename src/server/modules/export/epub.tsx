import { createHash } from "node:crypto";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { strToU8 } from "fflate";
import { shortDay } from "#shared/domain/months.ts";
import { MailMarkup } from "../../mail/templates/markup.tsx";
import type { ZipEntry } from "./zip-stream.ts";

/*
 * The parts every EPUB 3 book of inkwell is made of (a month's collection, the portfolio book):
 * the "mimetype" entry (first and stored), META-INF/container.xml, the package document and
 * XHTML pages. Pages are React rendered to static markup, so the writer's text is escaped by
 * construction; the package document carries names only, escaped with `xml`.
 */

const XHTML_NS = "http://www.w3.org/1999/xhtml";
const OPS_NS = "http://www.idpf.org/2007/ops";

export const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** A page's bytes: the XML declaration, the doctype, the markup. */
export const xhtml = (el: ReactElement) => `<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html>\n${renderToStaticMarkup(el)}`;

/** XHTML's namespace and EPUB's (for epub:type), as XML attributes React passes through. */
const NAMESPACES: Record<string, string> = { xmlns: XHTML_NS, "xmlns:epub": OPS_NS };

/** An XHTML page of a book. `stylesheet`: the href of the book's CSS, when it has one. */
export function Page({ title, children, stylesheet }: { title: string; children: ReactElement | ReactElement[]; stylesheet?: string }) {
  return (
    <html {...NAMESPACES} lang="en">
      <head>
        <title>{title}</title>
        {stylesheet ? <link rel="stylesheet" type="text/css" href={stylesheet} /> : <></>}
      </head>
      <body>{children}</body>
    </html>
  );
}

/** What a book page shows of one piece. */
export interface BookPiece {
  name: string;
  date: string;
  wordCount: number;
  prompt: string | null;
  content: string;
}

/** A piece in a book: its name, day and length, the prompt it answers, its text. */
export function PieceBody({ piece, heading: Heading = "h1" }: { piece: BookPiece; heading?: "h1" | "h2" }) {
  return (
    <>
      <Heading>{piece.name}</Heading>
      <p>
        <small>
          {shortDay(piece.date)} · {piece.wordCount} words
        </small>
      </p>
      {piece.prompt ? (
        <blockquote>
          <p>{piece.prompt}</p>
        </blockquote>
      ) : (
        <></>
      )}
      <p>
        <MailMarkup text={piece.content} />
      </p>
    </>
  );
}

/** A file the package document lists. */
export interface ManifestItem {
  id: string;
  href: string;
  mediaType: string;
  properties?: string;
}

export const XHTML_TYPE = "application/xhtml+xml";

/** The package document (OEBPS/content.opf): metadata, every file, the reading order. */
export function packageDocument(book: { title: string; identifier: string; modified: Date; creator?: string; items: ManifestItem[]; spine: string[] }): string {
  const items = book.items.map((i) => `<item id="${xml(i.id)}" href="${xml(i.href)}" media-type="${i.mediaType}"${i.properties ? ` properties="${i.properties}"` : ""}/>`);
  const spine = book.spine.map((id) => `<itemref idref="${xml(id)}"/>`);
  return `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="en">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">${xml(book.identifier)}</dc:identifier>
    <dc:title>${xml(book.title)}</dc:title>${book.creator ? `\n    <dc:creator>${xml(book.creator)}</dc:creator>` : ""}
    <dc:language>en</dc:language>
    <meta property="dcterms:modified">${book.modified.toISOString().slice(0, 19)}Z</meta>
  </metadata>
  <manifest>
    ${items.join("\n    ")}
  </manifest>
  <spine>
    ${spine.join("\n    ")}
  </spine>
</package>
`;
}

const CONTAINER = `<?xml version="1.0" encoding="utf-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`;

/** The first two files of every book: "mimetype" (first and stored: how a reader recognises the file) and the container. */
export const bookStart = (): ZipEntry[] => [
  { name: "mimetype", data: strToU8("application/epub+zip"), stored: true },
  { name: "META-INF/container.xml", data: strToU8(CONTAINER) },
];

/** A stable urn:uuid for a book, from a seed that is hashed (the file names no account). */
export function bookIdentifier(seed: string): string {
  return `urn:uuid:${createHash("sha256").update(seed).digest("hex").slice(0, 32).replace(/^(.{8})(.{4})(.{4})(.{4})/, "$1-$2-$3-$4-")}`;
}
