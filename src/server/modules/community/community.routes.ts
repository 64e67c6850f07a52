import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";

/** Routes of the community module (mounted under /api). */
export const communityRoutes = new Hono<AppEnv>();
