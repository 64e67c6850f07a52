import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { bodyLimit } from "hono/body-limit";
import { getConnInfo } from "@hono/node-server/conninfo";
import { eq } from "drizzle-orm";
import { isValidTimeZone } from "#shared/domain/dates.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";
import { users } from "./db/schema/index.ts";
import type { Deps } from "./deps.ts";
import type { AppEnv, SessionUser } from "./http/context.ts";
import { handleError } from "./http/errors.ts";
import { requestLog, securityHeaders } from "./http/security.ts";
import { mountClient } from "./http/spa.ts";
import { adminRoutes } from "./modules/admin/admin.routes.ts";
import { podiumPageMeta } from "./modules/admin/podium.meta.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { communityRoutes } from "./modules/community/community.routes.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { meRoutes } from "./modules/me/me.routes.ts";
import { portfolioPageMeta } from "./modules/portfolio/portfolio.meta.ts";
import { portfolioRoutes } from "./modules/portfolio/portfolio.routes.ts";
import { writingRoutes } from "./modules/writing/writing.routes.ts";

/** The socket's address in our own header (a client cannot set it); behind a proxy, X-Forwarded-For. */
const clientIp = (trustProxy: boolean): MiddlewareHandler<AppEnv> => async (c, next) => {
  let ip = "unknown";
  if (trustProxy) ip = c.req.header("x-forwarded-for")?.split(",")[0]?.trim() || ip;
  if (ip === "unknown") {
    try {
      ip = getConnInfo(c).remote.address ?? "unknown";
    } catch {
      /* app.request() in tests has no socket */
    }
  }
  c.req.raw.headers.set(CLIENT_IP_HEADER, ip);
  await next();
};

/** Who is asking: the session cookie resolved by better-auth, admin status from the admins table. */
const session = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const deps = c.get("deps");
  const headerTz = c.req.header("x-time-zone");
  const tz = headerTz && isValidTimeZone(headerTz) ? headerTz : null;
  let user: SessionUser | null = null;
  let sessionId: string | null = null;
  const cookie = c.req.header("cookie") ?? "";
  if (cookie.includes("inkwell")) {
    const result = await deps.auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    if (result) {
      const u = result.user as typeof result.user & { alias?: string | null; timeZone?: string | null };
      user = {
        id: u.id,
        email: u.email,
        name: u.name,
        alias: u.alias ?? null,
        emailVerified: u.emailVerified,
        timeZone: u.timeZone ?? "UTC",
        isAdmin: await deps.admins.isAdmin(u.id),
      };
      sessionId = result.session.id;
      if (tz && tz !== user.timeZone) {
        // The writer's calendar follows their browser: keep the zone on the user row.
        await deps.db.update(users).set({ timeZone: tz }).where(eq(users.id, user.id));
        user.timeZone = tz;
      }
    }
  }
  c.set("user", user);
  c.set("sessionId", sessionId);
  c.set("timeZone", tz ?? user?.timeZone ?? "UTC");
  await next();
};

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use("*", requestLog(deps.env.LOG_REQUESTS && deps.env.NODE_ENV !== "test"));
  app.use("*", securityHeaders());
  app.use("*", async (c, next) => {
    // Live streams must not be buffered by compression.
    if (c.req.path === "/api/events") return next();
    return compress()(c, next);
  });
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  app.use("/api/*", bodyLimit({ maxSize: 1024 * 1024, onError: (c) => c.json({ code: "too_large", message: "That is too long to send in one go." }, 413) }));
  app.use("/api/*", clientIp(deps.env.TRUST_PROXY));

  const api = new Hono<AppEnv>()
    .route("/", authRoutes)
    .use("*", session())
    .route("/", healthRoutes)
    .route("/", meRoutes)
    .route("/", writingRoutes)
    .route("/", portfolioRoutes)
    .route("/", communityRoutes)
    .route("/", adminRoutes);

  const routes = app.route("/api", api);
  app.all("/api/*", (c) => c.json({ code: "not_found", message: "Not found" }, 404));
  mountClient(app, [...portfolioPageMeta, ...podiumPageMeta], deps.env.CLIENT_DIST_DIR);
  return routes;
}

export type AppType = ReturnType<typeof createApp>;
