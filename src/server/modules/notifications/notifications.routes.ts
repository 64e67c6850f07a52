import { Hono } from "hono";
import { NOTIFICATION_MESSAGES, notificationList, notificationsQuery, unreadCount } from "#shared/schemas/notifications.ts";
import { requireUser, type AppEnv } from "../../http/context.ts";
import { uuidParam } from "../../http/params.ts";
import { respond } from "../../http/respond.ts";
import { validate } from "../../http/validate.ts";
import { listNotifications, markAllRead, markRead, unreadCountOf } from "./notifications.service.ts";

/** A writer's own notifications (issue 14 item 6), mounted under /api. Signed-in only; never anyone else's. */
export const notificationsRoutes = new Hono<AppEnv>()
  .use("/notifications", async (c, next) => {
    requireUser(c, NOTIFICATION_MESSAGES.loginRequired);
    c.header("Cache-Control", "private, no-store");
    await next();
  })
  .use("/notifications/*", async (c, next) => {
    requireUser(c, NOTIFICATION_MESSAGES.loginRequired);
    c.header("Cache-Control", "private, no-store");
    await next();
  })
  .get("/notifications", validate("query", notificationsQuery), async (c) => {
    const user = requireUser(c);
    return respond(c, notificationList, await listNotifications(c.get("deps").db, user.id, c.req.valid("query").cursor));
  })
  .get("/notifications/unread-count", async (c) => {
    const user = requireUser(c);
    return respond(c, unreadCount, { unread: await unreadCountOf(c.get("deps").db, user.id) });
  })
  .post("/notifications/read-all", async (c) => {
    const user = requireUser(c);
    return respond(c, unreadCount, { unread: await markAllRead(c.get("deps"), user.id) });
  })
  .post("/notifications/:id/read", uuidParam(NOTIFICATION_MESSAGES.notFound), async (c) => {
    const user = requireUser(c);
    return respond(c, unreadCount, { unread: await markRead(c.get("deps"), user.id, c.req.valid("param").id) });
  });
