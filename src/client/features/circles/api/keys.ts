/**
 * The path parameters of a route whose second id the server checks with `uuidParam`: its validator
 * types `param` as `{ id }` alone (src/server/http/params.ts), while hc fills in every `:name` of the
 * path from the object it is given. Until that type names the route's own parameters, the whole
 * object goes through as the type says.
 */
export const pathParams = (params: Record<string, string>) => params as unknown as { id: string };

import { myCirclesKey, todayCirclePromptsKey } from "./get-my-circles.ts";

/** Query keys of the circles feature: everything under ["circles"]. */
export const circleKeys = {
  all: ["circles"] as const,
  mine: myCirclesKey,
  circle: (slug: string) => ["circles", "circle", slug] as const,
  /**
   * A circle's pieces sit under the community's feed keys (["community", "feed", ...]) on purpose:
   * its cards are the community's, whose like button, live counts and deletions patch every cached
   * list there (features/community/lib/community-cache.ts), so a circle's cards change with them.
   * The fourth place, a community view's filter, says "circle": never taken for Editor's Picks.
   */
  feed: (slug: string) => ["community", "feed", `circle:${slug}`, "circle"] as const,
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
