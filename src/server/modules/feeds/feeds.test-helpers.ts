import { expect } from "vitest";
import type { TestApp } from "#tests/setup/app.ts";
import { FEED_PATHS, type FeedKind } from "./feeds.atom.ts";
import { feedsCacheOf } from "./feeds.cache.ts";

/*
 * Reading a feed as a feed reader does: the response parsed by a real XML parser (jsdom's
 * DOMParser, strict XML: an ill-formed feed fails here), and its entries as plain values.
 */

type DomParserCtor = new () => DOMParser;
// jsdom ships no type declarations: the specifier is a string so only DOMParser is typed, here.
const jsdomModule = "jsdom";
const { JSDOM } = (await import(jsdomModule)) as { JSDOM: new (html: string) => { window: { DOMParser: DomParserCtor } } };
const { DOMParser: XmlParser } = new JSDOM("").window;

export const ATOM_NS = "http://www.w3.org/2005/Atom";

export interface ParsedEntry {
  id: string;
  title: string;
  author: string;
  updated: string;
  published: string;
  /** The entry's HTML as a reader gets it (the XML text of <content type="html">). */
  html: string;
  link: string | null;
}

/** An entry's HTML as a browser reads it. */
export function parseHtml(html: string): HTMLElement {
  return new XmlParser().parseFromString(html, "text/html").body;
}

/** The document; fails the test when the XML is not well-formed. */
export function parseXml(xml: string): Document {
  const doc = new XmlParser().parseFromString(xml, "application/xml");
  expect(doc.getElementsByTagName("parsererror"), "well-formed XML").toHaveLength(0);
  return doc;
}

const child = (el: Element, name: string) => [...el.children].find((c) => c.localName === name && c.namespaceURI === ATOM_NS);
const text = (el: Element, name: string) => child(el, name)?.textContent ?? "";

export function entriesOf(doc: Document): ParsedEntry[] {
  return [...doc.getElementsByTagNameNS(ATOM_NS, "entry")].map((e) => ({
    id: text(e, "id"),
    title: text(e, "title"),
    author: child(e, "author") ? text(child(e, "author")!, "name") : "",
    updated: text(e, "updated"),
    published: text(e, "published"),
    html: text(e, "content"),
    link: child(e, "link")?.getAttribute("href") ?? null,
  }));
}

/**
 * A feed as it is now. Pieces made by the factories come without the live event a real publish
 * sends, so the instance's copy is dropped first (the event-driven path has its own test).
 */
export async function readFeed(t: TestApp, kind: FeedKind, cookie: string | null = null) {
  feedsCacheOf(t.deps).drop(["community", "picks"]);
  const res = await t.request(FEED_PATHS[kind], { cookie });
  expect(res.status).toBe(200);
  const xml = await res.text();
  const doc = parseXml(xml);
  return { res, xml, doc, entries: entriesOf(doc) };
}
