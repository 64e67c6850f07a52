import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import { getMe } from "./me.service.ts";

/** GET /api/me: the signed-in writer, or null for a visitor (200 either way, so the shell can ask freely). */
export const meRoutes = new Hono<AppEnv>().get("/me", async (c) => {
  const user = c.get("user");
  if (!user) return c.json({ user: null });
  return c.json({ user: await getMe(c.get("deps").db, user, c.get("deps").clock.now()) });
});
