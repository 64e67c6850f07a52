import { Feed } from "feed";
import { authorLabel } from "#shared/domain/author.ts";
import { PAGE_TITLE_MAX, pieceName } from "#shared/domain/piece-name.ts";
import type { FeedEntryRow } from "./feeds.query.ts";
import { entryHtml, escapedText, xmlText } from "./feeds.html.ts";

/*
 * The feeds are Atom 1.0 (RFC 4287), not RSS 2.0: an Atom entry's author is a name alone (RSS's
 * <author> must be an e-mail address, which a signature never is, so it would need the dc:
 * extension), ids and RFC 3339 dates are required rather than optional, and `type="html"`
 * says exactly how the content is escaped. Every feed reader reads Atom.
 */

export type FeedKind = "community" | "picks";

export const FEED_PATHS: Record<FeedKind, string> = {
  community: "/feeds/community.xml",
  picks: "/feeds/picks.xml",
};

/** The page each feed follows (the page that links to it). */
const PAGE_PATHS: Record<FeedKind, string> = {
  community: "/community",
  picks: "/podium",
};

export function feedTitle(kind: FeedKind, siteName: string): string {
  return kind === "community" ? `Community · ${siteName}` : `Editors' Picks · ${siteName}`;
}

function feedSubtitle(kind: FeedKind, siteName: string): string {
  return kind === "community"
    ? `The newest public pieces from the ${siteName} community: one prompt, ten minutes of writing.`
    : `The pieces our editors picked from the ${siteName} community, most recently picked first.`;
}

/** When a piece entered this feed: published for the community, picked for the picks. */
export function entryDate(kind: FeedKind, row: FeedEntryRow): Date {
  return kind === "picks" ? (row.featuredAt ?? row.createdAt) : row.createdAt;
}

/**
 * Plain text for an element the feed library writes as XML text (xml-js escapes it, but first
 * turns every "&amp;" back into "&", so an alias "R&amp;B" would read "R&B"): each "&" is
 * doubled up front so that step gives back exactly the text, which is then escaped once.
 */
export function plainText(s: string): string {
  return xmlText(s).replace(/&/g, "&amp;");
}

export const pieceUrl = (appUrl: string, id: string) => `${appUrl}/submission/${id}`;

/**
 * The feed's XML. Its `updated` is its newest entry's date (the epoch when it has none), so the
 * same rows always give the same bytes, and the same ETag.
 */
export function atomFeed(kind: FeedKind, rows: FeedEntryRow[], env: { APP_URL: string; SITE_NAME: string }): string {
  const self = env.APP_URL + FEED_PATHS[kind];
  const dates = rows.map((r) => entryDate(kind, r).getTime());
  const feed = new Feed({
    id: self,
    title: plainText(feedTitle(kind, env.SITE_NAME)),
    description: plainText(feedSubtitle(kind, env.SITE_NAME)),
    link: env.APP_URL + PAGE_PATHS[kind],
    feedLinks: { atom: self },
    updated: new Date(dates.length ? Math.max(...dates) : 0),
    // The site publishes the feed (RFC 4287 asks a feed for an author unless every entry has one,
    // which an empty feed cannot show); each entry carries its own signature.
    author: { name: plainText(env.SITE_NAME) },
    generator: false,
  });
  for (const row of rows) {
    const prompt = { text: row.promptText, kind: row.promptKind };
    const url = pieceUrl(env.APP_URL, row.id);
    feed.addItem({
      // The entry's id is the piece's address: the same in both feeds and forever.
      id: url,
      link: url,
      title: escapedText(pieceName(row.title, prompt, { promptMax: PAGE_TITLE_MAX })),
      date: entryDate(kind, row),
      published: row.createdAt,
      // Exactly as the piece is signed: never the name behind an alias or an Anonymous piece.
      author: [
        {
          name: plainText(authorLabel(row.submissionType, row.name, row.authorAlias)),
        },
      ],
      content: entryHtml({
        content: row.content,
        contentWarning: row.contentWarning,
        prompt: row.promptKind === "daily" ? row.promptText : null,
      }),
    });
  }
  return feed.atom1();
}
