import { Hono } from "hono";
import { jobRetried, JOBS_MESSAGES, jobsOverview as jobsOverviewSchema } from "#shared/schemas/jobs.ts";
import { requireAdmin, type AppEnv } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { validator } from "hono/validator";
import { uuidSchema } from "#shared/schemas/common.ts";
import { respond } from "../../http/respond.ts";
import { jobsOverview } from "../../jobs/status.ts";

/** A queue name and a job id; an id that is not a UUID names no job (404, like a missing one). */
const jobParam = validator("param", (value: Record<string, string>) => {
  const id = uuidSchema.safeParse(value.id ?? "");
  if (!id.success) throw notFound(JOBS_MESSAGES.notFound);
  return { name: String(value.name ?? ""), id: id.data.toLowerCase() };
});

/** /admin/jobs (issue 14 item 1): the job queue's state for admins, and a retry for a failed job. */
export const jobsRoutes = new Hono<AppEnv>()
  .get("/admin/jobs", async (c) => {
    requireAdmin(c);
    const { database, jobs } = c.get("deps");
    c.header("Cache-Control", "no-store");
    // pg-boss runs its schedules on the real clock (the database's), never on the test clock.
    return respond(c, jobsOverviewSchema, await jobsOverview(database, jobs.names, new Date()));
  })
  .post("/admin/jobs/:name/:id/retry", jobParam, async (c) => {
    requireAdmin(c);
    const { name, id } = c.req.valid("param");
    if (!(await c.get("deps").jobs.retry(name, id))) throw notFound(JOBS_MESSAGES.notFound);
    return respond(c, jobRetried, { retried: true });
  });
