import type { Context } from "hono";
import type { CircleFeedQuery } from "#shared/schemas/circles.ts";
import { circleFeedPage } from "#shared/schemas/circles.ts";
import type { AppEnv, SessionUser } from "../../http/context.ts";
import { respond } from "../../http/respond.ts";
import { feedCacheOf, serveCachedPage } from "../community/feed-first-page.ts";
import { getFeedPage } from "../community/feed.service.ts";
import { circleFor } from "./access.ts";

/*
 * A circle's feed (issue 29 item 4): the pieces shared with it, as the community's feed shows its
 * own — the same views (prompt, Editors' Picks, This Week, search), sorts, 200-piece window,
 * cursors and cards, read by the same SQL from the circle's index (community/feed-scope.ts). An
 * Anonymous piece stays anonymous to members and moderators. Membership is asked first (a
 * non-member hears "Circle not found", as for a slug that names nothing); then a common view's
 * pages come from the instance's feed cache, the community's, under the circle's own keys, which
 * the circle's events (and the community's, for a piece shared with both) keep exact.
 */
export async function circleFeed(c: Context<AppEnv>, user: SessionUser, slug: string, q: CircleFeedQuery) {
  const deps = c.get("deps");
  const circle = await circleFor(deps.db, slug, user, "read");
  const cursor = q.cursor ?? null;
  const key = { prompt: q.prompt, filter: q.filter, sort: q.sort, circleId: circle.id };
  if (!q.q && feedCacheOf(deps).cacheable(key, cursor)) return serveCachedPage(c, key, cursor, user.id);
  const page = await getFeedPage(deps.db, { ...q, circleId: circle.id, viewerId: user.id, now: deps.clock.now() });
  return respond(c, circleFeedPage, page);
}
