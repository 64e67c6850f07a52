import type { Deps } from "../../deps.ts";
import type { PerWriterJob } from "../../jobs/planner.ts";
import { sendMonthly } from "./monthly.service.ts";
import { MONTHLY_QUEUE, WEEKLY_QUEUE } from "./plans.ts";
import { sendWeekly } from "./weekly.service.ts";

export { monthlyPlan, weeklyPlan } from "./plans.ts";

/** The per-writer queues of the weekly best-of and the monthly collection (planned by the minute tick). */
export function defineCollectionMail(deps: Deps): void {
  deps.jobs.define<PerWriterJob>({ name: WEEKLY_QUEUE, retryLimit: 3, run: (job) => sendWeekly(deps, job) });
  deps.jobs.define<PerWriterJob>({ name: MONTHLY_QUEUE, retryLimit: 3, run: (job) => sendMonthly(deps, job) });
}
