import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";

/** Routes of the portfolio module (mounted under /api). */
export const portfolioRoutes = new Hono<AppEnv>();
