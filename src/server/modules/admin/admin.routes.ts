import { Hono } from "hono";
import { localDate, weekStart } from "#shared/domain/dates.ts";
import { MESSAGES } from "#shared/errors.ts";
import {
  ADMIN_MESSAGES,
  adminPodium as adminPodiumResponse,
  adminPromptsPage,
  adminUserDetail,
  adminUsersPage,
  adminUsersQuery,
  featuredInput,
  featuredResponse,
  pageQuery,
  promptSubmissionsPage,
  publicPodium as publicPodiumResponse,
  schedulerGaps,
  schedulerSaveInput,
  schedulerSaveResult,
  schedulerWeek,
  schedulerWeekQuery,
  todayPromptInput,
  todayPromptResponse,
  todayPromptSaved,
} from "#shared/schemas/admin.ts";
import { requireAdmin, type AppContext, type AppEnv } from "../../http/context.ts";
import { uuidParam, writerParam } from "../../http/params.ts";
import { respond } from "../../http/respond.ts";
import { validate } from "../../http/validate.ts";
import { adminPodium, publicPodium, setFeatured } from "./picks.service.ts";
import { podiumCacheOf } from "./podium-cache.ts";
import { getPromptForDate, listPrompts, listPromptSubmissions, setPromptText } from "./prompts.service.ts";
import { getScheduleGaps, getWeek, saveWeek } from "./scheduler.service.ts";
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
    return respond(c, todayPromptResponse, { date, prompt: await getPromptForDate(c.get("deps").db, date) });
  })
  .put("/admin/prompts/today", validate("json", todayPromptInput), async (c) => {
    const date = adminToday(c);
    const result = await setPromptText(c.get("deps").db, date, c.req.valid("json").text);
    return respond(c, todayPromptSaved, { date, ...result });
  })

  // The weekly scheduler, one week read, one week saved (day by day, each with its outcome): scheduler.service.ts
  .get("/admin/scheduler", validate("query", schedulerWeekQuery), async (c) => {
    const today = adminToday(c);
    const { week } = c.req.valid("query");
    return respond(c, schedulerWeek, await getWeek(c.get("deps").db, weekStart(week ?? today), today));
  })
  .put("/admin/scheduler", validate("json", schedulerSaveInput), async (c) => {
    return respond(c, schedulerSaveResult, await saveWeek(c.get("deps").db, c.req.valid("json"), adminToday(c)));
  })
  // The next dates that are already tomorrow somewhere, without a prompt: the dashboard's and scheduler's warning.
  .get("/admin/scheduler/gaps", async (c) => respond(c, schedulerGaps, await getScheduleGaps(c.get("deps").db, c.get("deps").clock.now())))

  // The prompts database and a prompt's pieces: prompts.service.ts
  .get("/admin/prompts", validate("query", pageQuery), async (c) => {
    return respond(c, adminPromptsPage, { today: adminToday(c), ...(await listPrompts(c.get("deps").db, c.req.valid("query").cursor)) });
  })
  .get("/admin/prompts/:id/submissions", uuidParam(ADMIN_MESSAGES.promptNotFound), validate("query", pageQuery), async (c) => {
    return respond(c, promptSubmissionsPage, await listPromptSubmissions(c.get("deps").db, c.req.valid("param").id, c.req.valid("query").cursor));
  })

  // Editor's Picks: picks.service.ts
  .put("/admin/submissions/:id/featured", uuidParam(ADMIN_MESSAGES.pieceNotFound), validate("json", featuredInput), async (c) => {
    const deps = c.get("deps");
    const adminId = requireAdmin(c).id;
    const submission = await setFeatured(deps.db, deps.realtime, c.req.valid("param").id, c.req.valid("json").isFeatured, deps.clock.now(), adminId);
    return respond(c, featuredResponse, { submission });
  })
  .get("/admin/podium", async (c) => respond(c, adminPodiumResponse, await adminPodium(c.get("deps").db)))

  // The user database: users.service.ts
  .get("/admin/users", validate("query", adminUsersQuery), async (c) => {
    const { q, cursor } = c.req.valid("query");
    return respond(c, adminUsersPage, await searchUsers(c.get("deps").db, q, cursor));
  })
  .get("/admin/users/:id", writerParam(ADMIN_MESSAGES.userNotFound), validate("query", pageQuery), async (c) => {
    return respond(c, adminUserDetail, await getUserDetail(c.get("deps").db, c.req.valid("param").id, c.req.valid("query").cursor));
  })

  // The public podium: picks.service.ts
  .get("/podium", async (c) => {
    const deps = c.get("deps");
    const viewerId = c.get("user")?.id ?? null;
    // A visitor's podium (and so the /podium page rendered on the server) comes from the instance's exact cache.
    const body = viewerId ? await publicPodium(deps.db, viewerId) : await podiumCacheOf(deps).get(deps.clock.now().getTime(), () => publicPodium(deps.db, null));
    return respond(c, publicPodiumResponse, body);
  });
