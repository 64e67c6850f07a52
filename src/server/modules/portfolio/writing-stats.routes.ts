import { Hono } from "hono";
import { writingStats, writingStatsQuery, WRITING_STATS_MESSAGES } from "#shared/schemas/writing-stats.ts";
import { requireUser, signedIn, type AppEnv } from "../../http/context.ts";
import { unauthorized } from "../../http/errors.ts";
import { respond } from "../../http/respond.ts";
import { validate } from "../../http/validate.ts";
import { getWritingStats } from "./writing-stats.query.ts";

/** The writing calendar and stats (issue 16 item 6): the signed-in writer's own, never anyone else's. */
export const writingStatsRoutes = new Hono<AppEnv>().get("/me/stats", signedIn(WRITING_STATS_MESSAGES.loginToSeeStats), validate("query", writingStatsQuery), async (c) => {
  const user = requireUser(c, WRITING_STATS_MESSAGES.loginToSeeStats);
  const { db, clock } = c.get("deps");
  c.header("Cache-Control", "private, no-store");
  const stats = await getWritingStats(db, user.id, clock.now(), c.req.valid("query").year);
  if (!stats) throw unauthorized(WRITING_STATS_MESSAGES.loginToSeeStats);
  return respond(c, writingStats, stats);
});
