import { Hono, type Context } from "hono";
import type { AppEnv } from "../../http/context.ts";
import { matches } from "../community/feed-first-page.ts";
import { atomFeed, type FeedKind } from "./feeds.atom.ts";
import { FEED_MAX_AGE_SECONDS, feedsCacheOf } from "./feeds.cache.ts";
import { communityEntriesQuery, picksEntriesQuery } from "./feeds.query.ts";

/*
 * GET /feeds/community.xml and /feeds/picks.xml: Atom feeds of what a visitor may read, the
 * same for everyone (no session is read: the feed never depends on who asks), so any cache may
 * keep them for FEED_MAX_AGE_SECONDS and revalidate with the ETag (304 when it still matches).
 */

const CONTENT_TYPE = "application/atom+xml; charset=utf-8";
const CACHE_CONTROL = `public, max-age=${FEED_MAX_AGE_SECONDS}`;

const ENTRIES = {
  community: communityEntriesQuery,
  picks: picksEntriesQuery,
} as const;

async function serveFeed(c: Context<AppEnv>, kind: FeedKind): Promise<Response> {
  const deps = c.get("deps");
  const feed = await feedsCacheOf(deps).get(kind, deps.clock.now().getTime(), async () => atomFeed(kind, await ENTRIES[kind](deps.db), deps.env));
  const headers = {
    ETag: feed.etag,
    "Cache-Control": CACHE_CONTROL,
    Vary: "Accept-Encoding",
  };
  if (matches(c.req.header("if-none-match"), feed.etag)) return c.body(null, 304, headers);
  return c.body(feed.xml, 200, { ...headers, "Content-Type": CONTENT_TYPE });
}

export const feedsRoutes = new Hono<AppEnv>().get("/community.xml", (c) => serveFeed(c, "community")).get("/picks.xml", (c) => serveFeed(c, "picks"));
