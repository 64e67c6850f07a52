import { Hono } from "hono";
import { meResponse } from "#shared/schemas/auth.ts";
import type { AppEnv } from "../../http/context.ts";
import { respond } from "../../http/respond.ts";
import { getMe } from "./me.service.ts";

/** GET /api/me: the signed-in writer, or null for a visitor (200 either way, so the shell can ask freely). */
export const meRoutes = new Hono<AppEnv>().get("/me", async (c) => {
  const user = c.get("user");
  const { db, clock } = c.get("deps");
  return respond(c, meResponse, { user: user ? await getMe(db, user, clock.now()) : null });
});
