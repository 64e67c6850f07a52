import { Hono } from "hono";
import { compress } from "hono/compress";
import { bodyLimit } from "hono/body-limit";
import type { Deps } from "./deps.ts";
import { clientIp } from "./http/client-ip.ts";
import type { AppEnv } from "./http/context.ts";
import { handleError, HttpError, notFound } from "./http/errors.ts";
import { requestLog, securityHeaders } from "./http/security.ts";
import { refuseNul, sameOriginWrites } from "./http/same-origin.ts";
import { session } from "./http/session.ts";
import { keepableAccount, mountPwa } from "./http/pwa.ts";
import { mountClient } from "./http/spa.ts";
import { accountDeletionRoutes } from "./modules/account-deletion/deletion.routes.ts";
import { adminRoutes } from "./modules/admin/admin.routes.ts";
import { jobsRoutes } from "./modules/admin/jobs.routes.ts";
import { podiumPageMeta } from "./modules/admin/podium.meta.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { accountRoutes } from "./modules/account/account.routes.ts";
import { blocksRoutes } from "./modules/blocks/blocks.routes.ts";
import { circlesRoutes } from "./modules/circles/circles.routes.ts";
import { writeInsRoutes } from "./modules/write-ins/write-ins.routes.ts";
import { collectionsRoutes } from "./modules/collections/collections.routes.ts";
import { communityRoutes } from "./modules/community/community.routes.ts";
import { eventsRoutes } from "./modules/events/events.routes.ts";
import { communityPageMeta } from "./modules/feeds/feeds.meta.ts";
import { exportRoutes } from "./modules/export/export.routes.ts";
import { feedsRoutes } from "./modules/feeds/feeds.routes.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { metricsRoutes } from "./modules/metrics/metrics.routes.ts";
import { countRequests } from "./modules/metrics/request-metrics.ts";
import { IMPORT_PATH, importRoutes } from "./modules/import/import.routes.ts";
import { meRoutes } from "./modules/me/me.routes.ts";
import { mailPrefsRoutes } from "./modules/mail-prefs/prefs.routes.ts";
import { moderationRoutes } from "./modules/moderation/moderation.routes.ts";
import { portfolioPageMeta } from "./modules/portfolio/portfolio.meta.ts";
import { portfolioRoutes } from "./modules/portfolio/portfolio.routes.ts";
import { notificationsRoutes } from "./modules/notifications/notifications.routes.ts";
import { writingRoutes } from "./modules/writing/writing.routes.ts";

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  // First, so a request's time includes every middleware (only with METRICS_TOKEN).
  if (deps.metrics) app.use("*", countRequests(deps.metrics));
  app.use("*", requestLog(deps.env.LOG_REQUESTS && deps.env.NODE_ENV !== "test"));
  app.use("*", securityHeaders());
  // One compressor for the app (not one made per request). It leaves alone what is already
  // encoded, such as the feed's cached first pages (gzipped once when cached).
  const compressor = compress();
  app.use("*", async (c, next) => {
    // Live streams must not be buffered by compression.
    if (c.req.path === "/api/events" || c.req.path.endsWith("/panel/stream")) return next();
    return compressor(c, next);
  });
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  const apiBodyLimit = bodyLimit({
    maxSize: 1024 * 1024,
    // The rest of the body is read and dropped after the answer (http/node-server.ts), so the
    // client reads this 413 instead of a reset, and the connection stays usable.
    onError: () => {
      throw new HttpError(413, "too_large", "That is too long to send in one go.");
    },
  });
  // The import upload has its own, larger limit (import.routes.ts).
  // A GET or HEAD has no body to limit (the rest of one sent anyway is drained after the answer),
  // and asking for `c.req.raw.body` makes @hono/node-server build a whole web Request with its
  // AbortController: about 5 % of a signed-in read's time (issue 28 item 2).
  app.use("/api/*", (c, next) => (c.req.path === IMPORT_PATH || c.req.method === "GET" || c.req.method === "HEAD" ? next() : apiBodyLimit(c, next)));
  app.use("/api/*", clientIp(deps.env.TRUST_PROXY));
  // Cross-site writes and NUL characters are refused here, once, before any route reads a body.
  app.use("/api/*", sameOriginWrites());
  app.use("/api/*", refuseNul());

  const api = new Hono<AppEnv>()
    .route("/", authRoutes)
    .use("*", session())
    .use("*", keepableAccount())
    .route("/", healthRoutes)
    .route("/", meRoutes)
    .route("/", accountRoutes)
    .route("/", importRoutes)
    .route("/", mailPrefsRoutes)
    .route("/", writingRoutes)
    .route("/", portfolioRoutes)
    .route("/", eventsRoutes)
    .route("/", communityRoutes)
    .route("/", blocksRoutes)
    .route("/", adminRoutes)
    .route("/", jobsRoutes)
    .route("/", moderationRoutes)
    .route("/", collectionsRoutes)
    .route("/", circlesRoutes)
    .route("/", writeInsRoutes)
    .route("/", exportRoutes)
    .route("/", notificationsRoutes)
    .route("/", accountDeletionRoutes);

  const routes = app.route("/api", api);
  app.all("/api/*", () => {
    throw notFound();
  });
  // Prometheus text for the operator's monitoring (issue 27 item 2); a 404 without METRICS_TOKEN.
  app.route("/", metricsRoutes);
  // The Atom feeds (issue 14 item 8): public, no session, before the app's own pages.
  app.route("/feeds", feedsRoutes);
  mountPwa(app, deps.env.CLIENT_DIST_DIR);
  mountClient(app, [...portfolioPageMeta, ...podiumPageMeta, ...communityPageMeta], deps.env.CLIENT_DIST_DIR);
  return routes;
}

export type AppType = ReturnType<typeof createApp>;
