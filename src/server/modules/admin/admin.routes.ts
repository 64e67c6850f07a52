import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";

/** Routes of the admin module (mounted under /api). */
export const adminRoutes = new Hono<AppEnv>();
