import { createHash } from "node:crypto";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { strToU8, zipSync, type Zippable } from "fflate";
import { shortDay } from "#shared/domain/months.ts";
import type { CollectionPiece, CollectionResponse } from "#shared/schemas/collections.ts";
import { MailMarkup } from "../mail/templates/markup.tsx";
import { xmlText } from "../modules/feeds/feeds.html.ts";

/*
 * A month's collection as an EPUB 3 book, built here (fflate for the zip): a "mimetype" entry
 * first and stored, META-INF/container.xml, the package document, a navigation document and one
 * XHTML page per piece. Every page is React rendered to static markup, so the writer's text is
 * escaped by construction; the package files carry no writer's text but piece names, escaped.
 */

const XHTML_NS = "http://www.w3.org/1999/xhtml";
const OPS_NS = "http://www.idpf.org/2007/ops";

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const xhtml = (el: ReactElement) => `<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html>\n${renderToStaticMarkup(el)}`;
const file = (i: number) => `piece-${String(i + 1).padStart(3, "0")}.xhtml`;

/** XHTML's namespace (and, for the navigation document, EPUB's), as XML attributes React passes through. */
const namespaces = (nav: boolean): Record<string, string> => (nav ? { xmlns: XHTML_NS, "xmlns:epub": OPS_NS } : { xmlns: XHTML_NS });

function Page({ title, children, nav = false }: { title: string; children: ReactElement | ReactElement[]; nav?: boolean }) {
  return (
    <html {...namespaces(nav)} lang="en">
      <head>
        <title>{title}</title>
      </head>
      <body>{children}</body>
    </html>
  );
}

function PiecePage({ piece }: { piece: CollectionPiece }) {
  return (
    <Page title={piece.name}>
      <h1>{piece.name}</h1>
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
    </Page>
  );
}

function NavPage({ collection }: { collection: CollectionResponse }) {
  return (
    <Page title={collection.label} nav>
      <nav {...{ "epub:type": "toc" }} id="toc">
        <h1>{collection.label}</h1>
        <ol>
          {collection.pieces.map((p, i) => (
            <li key={p.id}>
              <a href={file(i)}>{p.name}</a>
            </li>
          ))}
        </ol>
      </nav>
    </Page>
  );
}

function packageDocument(collection: CollectionResponse, title: string, identifier: string, modified: string): string {
  const items = collection.pieces.map((_, i) => `<item id="p${i + 1}" href="${file(i)}" media-type="application/xhtml+xml"/>`);
  const spine = collection.pieces.map((_, i) => `<itemref idref="p${i + 1}"/>`);
  return `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="en">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">${xml(identifier)}</dc:identifier>
    <dc:title>${xml(title)}</dc:title>
    <dc:language>en</dc:language>
    <meta property="dcterms:modified">${modified}</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    ${items.join("\n    ")}
  </manifest>
  <spine>
    <itemref idref="nav"/>
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

/** The book's bytes. `ownerId` only seeds its identifier (hashed: the file names no account). */
export function collectionEpub(raw: CollectionResponse, siteName: string, ownerId: string, now: Date): Uint8Array {
  // Characters XML cannot hold (a form feed pasted from a word processor) would make a page invalid: dropped.
  const collection: CollectionResponse = {
    ...raw,
    pieces: raw.pieces.map((p) => ({ ...p, name: xmlText(p.name), prompt: p.prompt === null ? null : xmlText(p.prompt), content: xmlText(p.content) })),
  };
  const identifier = `urn:uuid:${createHash("sha256").update(`${ownerId}:${collection.month}`).digest("hex").slice(0, 32).replace(/^(.{8})(.{4})(.{4})(.{4})/, "$1-$2-$3-$4-")}`;
  const title = `${collection.label} — ${siteName}`;
  const files: Zippable = {
    // First and stored (not compressed): how a reader recognises the file.
    mimetype: [strToU8("application/epub+zip"), { level: 0 }],
    "META-INF/container.xml": strToU8(CONTAINER),
    "OEBPS/content.opf": strToU8(packageDocument(collection, title, identifier, `${now.toISOString().slice(0, 19)}Z`)),
    "OEBPS/nav.xhtml": strToU8(xhtml(<NavPage collection={collection} />)),
  };
  collection.pieces.forEach((p, i) => {
    files[`OEBPS/${file(i)}`] = strToU8(xhtml(<PiecePage piece={p} />));
  });
  return zipSync(files, { level: 6 });
}
