import type { MiddlewareHandler } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import { CLIENT_IP_HEADER } from "../auth.ts";
import type { AppEnv } from "./context.ts";

/** The socket's address in our own header (a client cannot set it); behind a proxy, X-Forwarded-For. */
export const clientIp = (trustProxy: boolean): MiddlewareHandler<AppEnv> => async (c, next) => {
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
