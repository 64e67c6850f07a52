import { strToU8, zipSync, type Zippable } from "fflate";
import type { CollectionResponse } from "#shared/schemas/collections.ts";
import { xmlText } from "../feeds/feeds.html.ts";
import { bookIdentifier, bookStart, packageDocument, Page, PieceBody, xhtml, XHTML_TYPE } from "./epub.tsx";

/*
 * A month's collection as an EPUB 3 book (the parts in epub.tsx; fflate for the zip): a
 * navigation document and one XHTML page per piece.
 */

const file = (i: number) => `piece-${String(i + 1).padStart(3, "0")}.xhtml`;

function NavPage({ collection }: { collection: CollectionResponse }) {
  return (
    <Page title={collection.label}>
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

/** The book's bytes. `ownerId` only seeds its identifier (hashed: the file names no account). */
export function collectionEpub(raw: CollectionResponse, siteName: string, ownerId: string, now: Date): Uint8Array {
  // Characters XML cannot hold (a form feed pasted from a word processor) would make a page invalid: dropped.
  const collection: CollectionResponse = {
    ...raw,
    pieces: raw.pieces.map((p) => ({ ...p, name: xmlText(p.name), prompt: p.prompt === null ? null : xmlText(p.prompt), content: xmlText(p.content) })),
  };
  const pages = collection.pieces.map((_, i) => ({ id: `p${i + 1}`, href: file(i), mediaType: XHTML_TYPE }));
  const opf = packageDocument({
    title: `${collection.label} — ${siteName}`,
    identifier: bookIdentifier(`${ownerId}:${collection.month}`),
    modified: now,
    items: [{ id: "nav", href: "nav.xhtml", mediaType: XHTML_TYPE, properties: "nav" }, ...pages],
    spine: ["nav", ...pages.map((p) => p.id)],
  });
  const files: Zippable = {};
  for (const entry of bookStart()) files[entry.name] = entry.stored ? [entry.data, { level: 0 }] : entry.data;
  files["OEBPS/content.opf"] = strToU8(opf);
  files["OEBPS/nav.xhtml"] = strToU8(xhtml(<NavPage collection={collection} />));
  collection.pieces.forEach((p, i) => {
    files[`OEBPS/${file(i)}`] = strToU8(xhtml(
      <Page title={p.name}>
        <PieceBody piece={p} />
      </Page>,
    ));
  });
  return zipSync(files, { level: 6 });
}
