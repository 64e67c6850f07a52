import { Hono } from "hono";
import { localDate, weekStart } from "#shared/domain/dates.ts";
import { MESSAGES } from "#shared/errors.ts";
import {
  adminPromptsQuery,
  adminUsersQuery,
  featuredInput,
  idParam,
  pageQuery,
  promptIdParam,
  schedulerSaveInput,
  schedulerWeekQuery,
  todayPromptInput,
  userIdParam,
} from "#shared/schemas/admin.ts";
import { requireAdmin, type AppContext, type AppEnv } from "../../http/context.ts";
import { validate } from "../../http/validate.ts";
import { adminPodium, publicPodium, setFeatured } from "./picks.service.ts";
import { getPromptForDate, listPrompts, listPromptSubmissions, setPromptText } from "./prompts.service.ts";
import { getWeek, saveWeek } from "./scheduler.service.ts";
import { getUserDetail, searchUsers } from "./users.service.ts";

/** The admin's own calendar date (their browser's zone). */
const adminToday = (c: AppContext) => localDate(c.get("deps").clock.now(), c.get("timeZone"));

/**
 * Routes of the admin module (mounted under /api). Everything under /api/admin/* is checked
 * against the admins table on the server before validation or handlers run: a visitor gets 401,
 * a writer 403. GET /api/podium is public.
 */
export const adminRoutes = new Hono<AppEnv>()
  .use("/admin/*", async (c, next) => {
    requireAdmin(c, c.req.path.endsWith("/featured") ? MESSAGES.loginToFeature : undefined);
    await next();
  })

  // Today's prompt (the admin's local date): prompts.service.ts
  .get("/admin/prompts/today", async (c) => {
    const date = adminToday(c);
    return c.json({ date, prompt: await getPromptForDate(c.get("deps").db, date) });
  })
  .put("/admin/prompts/today", validate("json", todayPromptInput), async (c) => {
    const date = adminToday(c);
    const { text } = c.req.valid("json");
    const result = await setPromptText(c.get("deps").db, date, text);
    return c.json({ date, ...result });
  })

  // The weekly scheduler, one week read, one week saved (day by day, each with its outcome): scheduler.service.ts
  .get("/admin/scheduler", validate("query", schedulerWeekQuery), async (c) => {
    const today = adminToday(c);
    const { week } = c.req.valid("query");
    return c.json(await getWeek(c.get("deps").db, weekStart(week ?? today), today));
  })
  .put("/admin/scheduler", validate("json", schedulerSaveInput), async (c) => {
    return c.json(await saveWeek(c.get("deps").db, c.req.valid("json"), adminToday(c)));
  })

  // The prompts database and a prompt's pieces: prompts.service.ts
  .get("/admin/prompts", validate("query", adminPromptsQuery), async (c) => {
    return c.json({ today: adminToday(c), ...(await listPrompts(c.get("deps").db, c.req.valid("query").cursor)) });
  })
  .get("/admin/prompts/:id/submissions", validate("param", promptIdParam), validate("query", pageQuery), async (c) => {
    return c.json(await listPromptSubmissions(c.get("deps").db, c.req.valid("param").id, c.req.valid("query").cursor));
  })

  // Editor's Picks: picks.service.ts
  .put("/admin/submissions/:id/featured", validate("param", idParam), validate("json", featuredInput), async (c) => {
    const deps = c.get("deps");
    const submission = await setFeatured(deps.db, deps.realtime, c.req.valid("param").id, c.req.valid("json").isFeatured, deps.clock.now());
    return c.json({ submission });
  })
  .get("/admin/podium", async (c) => c.json(await adminPodium(c.get("deps").db)))

  // The user database: users.service.ts
  .get("/admin/users", validate("query", adminUsersQuery), async (c) => {
    const { q, cursor } = c.req.valid("query");
    return c.json(await searchUsers(c.get("deps").db, q, cursor));
  })
  .get("/admin/users/:id", validate("param", userIdParam), validate("query", pageQuery), async (c) => {
    return c.json(await getUserDetail(c.get("deps").db, c.req.valid("param").id, c.req.valid("query").cursor));
  })

  // The public podium: picks.service.ts
  .get("/podium", async (c) => c.json(await publicPodium(c.get("deps").db)));
