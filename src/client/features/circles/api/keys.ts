/**
 * The path parameters of a route whose second id the server checks with `uuidParam`: its validator
 * types `param` as `{ id }` alone (src/server/http/params.ts), while hc fills in every `:name` of the
 * path from the object it is given. Until that type names the route's own parameters, the whole
 * object goes through as the type says.
 */
export const pathParams = (params: Record<string, string>) => params as unknown as { id: string };

import { myCirclesKey } from "./get-my-circles.ts";

/** Query keys of the circles feature: everything under ["circles"]. */
export const circleKeys = {
  all: ["circles"] as const,
  mine: myCirclesKey,
  circle: (slug: string) => ["circles", "circle", slug] as const,
  feed: (slug: string) => ["circles", "circle", slug, "feed"] as const,
  members: (slug: string) => ["circles", "circle", slug, "members"] as const,
  invites: (slug: string) => ["circles", "circle", slug, "invites"] as const,
  invite: (code: string) => ["circles", "invite", code] as const,
};
