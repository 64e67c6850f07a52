import cronParser from "cron-parser";
import type { JobFailure, JobQueueStatus, JobsOverview } from "#shared/schemas/jobs.ts";
import type { Database } from "../db/client.ts";
import { JOBS_SCHEMA } from "./queue.ts";

/** Recent failures listed on the dashboard. */
const FAILURES_SHOWN = 20;

interface CountRow {
  name: string;
  waiting: number;
  running: number;
  retrying: number;
  failed: number;
  /** Times come as JSON (strings) from the one statement below. */
  last_completed: string | null;
  last_failed: string | null;
}

interface FailureRow {
  id: string;
  name: string;
  completed_on: string;
  retry_count: number;
  output: { message?: unknown } | null;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function nextRun(cron: string | undefined, now: Date): string | null {
  if (!cron) return null;
  try {
    return cronParser.parseExpression(cron, { tz: "UTC", currentDate: now }).next().toDate().toISOString();
  } catch {
    return null;
  }
}

/**
 * What /admin/jobs shows: per queue, how many jobs wait, run, wait for a retry or failed, when
 * one last finished and failed, and when a scheduled queue runs next; then the newest failures
 * with their error message only. One grouped count per queue partition (pg-boss keeps a week of
 * finished jobs there) and the newest failures by the failed-state index.
 */
export async function jobsOverview(database: Database, names: string[], now: Date): Promise<JobsOverview> {
  // One statement, so one snapshot: a job failing meanwhile is in both the counts and the failures, or in neither.
  const [row] = (
    await database.sql(
      `with counts as (
        select name,
          count(*) filter (where state = 'created')::int as waiting,
          count(*) filter (where state = 'active')::int as running,
          count(*) filter (where state = 'retry')::int as retrying,
          count(*) filter (where state = 'failed')::int as failed,
          max(completed_on) filter (where state = 'completed') as last_completed,
          max(completed_on) filter (where state = 'failed') as last_failed
        from ${JOBS_SCHEMA}.job where name = any($1::text[]) group by name
      ),
      failures as (
        select id, name, completed_on, retry_count, output from ${JOBS_SCHEMA}.job
        where name = any($1::text[]) and state = 'failed' order by completed_on desc limit ${FAILURES_SHOWN}
      )
      select
        coalesce((select json_agg(counts) from counts), '[]'::json) as counts,
        coalesce((select json_agg(failures order by completed_on desc) from failures), '[]'::json) as failures,
        coalesce((select json_agg(json_build_object('name', name, 'cron', cron)) from ${JOBS_SCHEMA}.schedule where name = any($1::text[])), '[]'::json) as schedules`,
      [names],
    )
  ).rows as { counts: CountRow[]; failures: FailureRow[]; schedules: { name: string; cron: string }[] }[];
  const counts = row?.counts ?? [];
  const schedules = row?.schedules ?? [];
  const failures = row?.failures ?? [];

  const queues: JobQueueStatus[] = names.map((name) => {
    const c = counts.find((r) => r.name === name);
    return {
      name,
      waiting: c?.waiting ?? 0,
      running: c?.running ?? 0,
      retrying: c?.retrying ?? 0,
      failed: c?.failed ?? 0,
      lastCompletedAt: iso(c?.last_completed ?? null),
      lastFailedAt: iso(c?.last_failed ?? null),
      nextRunAt: nextRun(schedules.find((s) => s.name === name)?.cron, now),
    };
  });
  const failed: JobFailure[] = failures.map((f) => ({
    id: f.id,
    name: f.name,
    failedAt: iso(f.completed_on)!,
    attempts: f.retry_count + 1,
    error: typeof f.output?.message === "string" ? f.output.message.slice(0, 300) : "Unknown error",
  }));
  return { queues, failures: failed };
}

export interface WaitingJobs {
  name: string;
  /** Due jobs not yet taken: "created" (first attempt) or "retry" (a later one). */
  state: "created" | "retry";
  count: number;
  /** Seconds since the oldest of them became due. */
  oldestSeconds: number;
}

/**
 * The queues' backlog for GET /metrics: jobs due and not yet taken, per queue and state, and how
 * long the oldest has waited. Only rows pg-boss's own index covers (job_i5: name, start_after,
 * where state < 'active'), so it stays cheap however many finished jobs are kept.
 */
export async function waitingJobs(database: Database, names: string[]): Promise<WaitingJobs[]> {
  const { rows } = await database.sql(
    `select name, state::text as state, count(*)::int as count,
      greatest(0, extract(epoch from now() - min(start_after)))::float8 as oldest_seconds
    from ${JOBS_SCHEMA}.job where name = any($1::text[]) and state < 'active' and start_after <= now()
    group by name, state`,
    [names],
  );
  return (rows as { name: string; state: "created" | "retry"; count: number; oldest_seconds: number }[]).map((r) => ({ name: r.name, state: r.state, count: r.count, oldestSeconds: r.oldest_seconds }));
}
