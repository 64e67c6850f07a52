import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../../http/context.ts";
import { isInProcess } from "../../http/in-process.ts";
import type { Metrics } from "./metrics.ts";

/** The route label of a request no route of ours answered (a 404 from a catch-all). */
export const UNMATCHED_ROUTE = "unmatched";
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The route pattern that answered (`/api/community/pieces/:id`), never the path: ids would make
 * a series per piece, and a path can hold a share token. A 404 from a catch-all (`/api/*`, the
 * pages' `*`) is one fixed label, whatever was asked.
 */
export function routeLabel(c: Context, status: number): string {
  const route = matchedRoutes(c)[c.req.routeIndex];
  if (!route || (status === 404 && route.path.endsWith("*"))) return UNMATCHED_ROUTE;
  return route.path;
}

/** Times and counts every request a client makes (the app's own in-process requests excepted). */
export const countRequests =
  (metrics: Metrics): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (isInProcess(c.req.raw)) return next();
    const started = performance.now();
    await next();
    const status = c.res.status;
    metrics.observeRequest(METHODS.has(c.req.method) ? c.req.method : "other", routeLabel(c, status), status, (performance.now() - started) / 1000);
  };
