import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";

/** Routes of the writing module (mounted under /api). */
export const writingRoutes = new Hono<AppEnv>();
