import { lt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { mailPlans, sentEmails } from "../db/schema/index.ts";
import { pruneRateLimits } from "../http/rate-limit.ts";
import { purgeTrash } from "../modules/portfolio/trash.service.ts";
import type { Clock } from "../clock.ts";
import type { RealtimeBus } from "../realtime/bus.ts";
import type { Jobs } from "./queue.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Hourly housekeeping, once across all instances: expired rate-limit counters, old live events, old plan markers, sent-mail rows and pieces 30 days in the trash. */
export function defineMaintenance(jobs: Jobs, db: Db, clock: Clock, realtime: RealtimeBus): void {
  jobs.define({
    name: "maintenance.hourly",
    cron: "17 * * * *",
    retryLimit: 1,
    async run() {
      const now = clock.now();
      await pruneRateLimits(db, now.getTime());
      await realtime.prune(now);
      await db.delete(mailPlans).where(lt(mailPlans.plannedAt, new Date(now.getTime() - 62 * DAY_MS)));
      // The sent-mail ledger only has to outlive any retry or re-plan of a period (days): keep four months.
      await purgeTrash(db, now);
      await db.delete(sentEmails).where(lt(sentEmails.sentAt, new Date(now.getTime() - 120 * DAY_MS)));
    },
  });
}
