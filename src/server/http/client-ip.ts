import type { MiddlewareHandler } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import { CLIENT_IP_HEADER } from "./limits.ts";
import type { AppEnv } from "./context.ts";

/**
 * The socket's address in our own header (a client cannot set it). Behind a proxy
 * (TRUST_PROXY), the LAST X-Forwarded-For entry: the one our own proxy appended. Earlier entries
 * are whatever the client sent, so trusting the first would let a script pick a new address for
 * every request and never meet a limit.
 */
export const clientIp = (trustProxy: boolean): MiddlewareHandler<AppEnv> => async (c, next) => {
  let ip = "unknown";
  if (trustProxy) ip = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim() || ip;
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
