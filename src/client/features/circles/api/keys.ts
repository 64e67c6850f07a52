/**
 * The path parameters of a route whose second id the server checks with `uuidParam`: its validator
 * types `param` as `{ id }` alone (src/server/http/params.ts), while hc fills in every `:name` of the
 * path from the object it is given. Until that type names the route's own parameters, the whole
 * object goes through as the type says.
 */
export const pathParams = (params: Record<string, string>) => params as unknown as { id: string };

import type { FeedParams } from "#shared/domain/community.ts";
import { myCirclesKey, todayCirclePromptsKey } from "./get-my-circles.ts";

/** Query keys of the circles feature: everything under ["circles"]. */
export const circleKeys = {
  all: ["circles"] as const,
  mine: myCirclesKey,
  circle: (slug: string) => ["circles", "circle", slug] as const,
  /**
   * A circle's views of its pieces sit under the community's feed keys (["community", "feed", ...]) on
   * purpose: its cards are the community's, whose like button, live counts and deletions patch every
   * cached list there (features/community/lib/community-cache.ts), so a circle's cards change with them.
   * `feeds(slug)` is every view of one circle (to invalidate or search them all); `feed(slug, params)`
   * one view. Its fourth place is the view's filter, where a community view has its own: an Editor's
   * Picks view of a circle is taken for one (isFeaturedView), so a piece that loses its pick leaves it too.
   */
  feeds: (slug: string) => ["community", "feed", `circle:${slug}`] as const,
  feed: (slug: string, params: FeedParams) => ["community", "feed", `circle:${slug}`, params.filter, params.sort, params.q, params.prompt] as const,
  members: (slug: string) => ["circles", "circle", slug, "members"] as const,
  invites: (slug: string) => ["circles", "circle", slug, "invites"] as const,
  requests: (slug: string) => ["circles", "circle", slug, "requests"] as const,
  hidden: (slug: string) => ["circles", "circle", slug, "hidden"] as const,
  invite: (code: string) => ["circles", "invite", code] as const,
  /** A week of the circle's prompts; `week` null: this week. */
  prompts: (slug: string, week: string | null) => ["circles", "circle", slug, "prompts", week] as const,
  progress: (slug: string, week: string | null) => ["circles", "circle", slug, "progress", week] as const,
  /** The circle prompts of my today (/write's choice). */
  today: todayCirclePromptsKey,
};
