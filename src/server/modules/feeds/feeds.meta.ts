import type { PageMeta, PageMetaResolver } from "../../http/spa.ts";
import { defaultMeta } from "../../http/spa.ts";
import { FEED_PATHS, feedTitle, type FeedKind } from "./feeds.atom.ts";

/** A page's <link rel="alternate"> to its feed (http/spa.ts writes it, escaped). */
export function feedLink(kind: FeedKind, siteName: string): NonNullable<PageMeta["feeds"]>[number] {
  return { title: feedTitle(kind, siteName), path: FEED_PATHS[kind] };
}

/** The community page's head: the site's own, plus its feed of the newest public pieces. */
export const communityPageMeta: PageMetaResolver[] = [
  {
    pattern: /^\/community\/?$/,
    async resolve(c) {
      const site = c.get("deps").env.SITE_NAME;
      return {
        ...defaultMeta(site, "/community"),
        feeds: [feedLink("community", site)],
      };
    },
  },
];
