import { z } from "zod";
import { isoTime, uuidSchema } from "./common.ts";

/* The job queue as admins see it on /admin/jobs (issue 14 item 1). Never a job's data (it holds emails). */

export const JOB_QUEUE_LABELS: Record<string, string> = {
  "mail.send": "Email delivery",
  "email.tick": "Scheduled emails (every minute)",
  "email.weekly": "Weekly best-of",
  "email.monthly": "Monthly collection",
  "email.reminder": "Daily reminder",
  "email.digest-daily": "Notification digest (daily)",
  "email.digest-weekly": "Notification digest (weekly)",
  "email.write-in": "Write-in reminder (10 minutes before)",
  "maintenance.hourly": "Housekeeping (hourly)",
  "backup.nightly": "Nightly backup (7 daily and 4 weekly kept)",
};

export const jobQueueStatus = z.object({
  name: z.string(),
  waiting: z.number().int(),
  running: z.number().int(),
  retrying: z.number().int(),
  failed: z.number().int(),
  lastCompletedAt: isoTime.nullable(),
  lastFailedAt: isoTime.nullable(),
  /** Cron queues: the next time it runs (UTC schedule). */
  nextRunAt: isoTime.nullable(),
});
export type JobQueueStatus = z.infer<typeof jobQueueStatus>;

export const jobFailure = z.object({
  id: uuidSchema,
  name: z.string(),
  failedAt: isoTime,
  attempts: z.number().int(),
  /** The error's message only (an SMTP answer, a timeout), never the job's data. */
  error: z.string(),
});
export type JobFailure = z.infer<typeof jobFailure>;

/** GET /api/admin/jobs */
export const jobsOverview = z.object({ queues: z.array(jobQueueStatus), failures: z.array(jobFailure) });
export type JobsOverview = z.infer<typeof jobsOverview>;

/** POST /api/admin/jobs/:name/:id/retry */
export const jobRetried = z.object({ retried: z.literal(true) });

export const JOBS_MESSAGES = { notFound: "That job is not failed any more (or no longer kept)." } as const;
