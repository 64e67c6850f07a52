import type { Deps } from "../deps.ts";
import { defineCollectionMail, monthlyPlan, weeklyPlan } from "../modules/collections/schedule.ts";
import { defineDigest, digestPlans } from "../modules/digest/digest.job.ts";
import { defineReminder, reminderPlan } from "../modules/reminders/reminder.job.ts";
import { defineNightlyBackup, NIGHTLY_BACKUP } from "../backup/nightly.ts";
import { planDue, type LocalPlan } from "./planner.ts";
import { remindWriteIns } from "../modules/write-ins/reminders.service.ts";
import { defineWriteInMail } from "../modules/write-ins/reminder-mail.job.ts";
import { settleWriteIns } from "../modules/write-ins/settle.service.ts";

/** The minute tick that gives due writers their scheduled emails. */
export const EMAIL_TICK = "email.tick";

/** Every per-writer local-time plan (weekly best-of, monthly collection, reminder, digest). */
function localPlans(): LocalPlan[] {
  return [
    weeklyPlan,
    monthlyPlan,
    reminderPlan,
    ...digestPlans,
  ];
}

/**
 * Every scheduled job the app runs, defined on the queue before it starts. (Mail delivery and
 * housekeeping are defined where they are built, in create-deps.ts.)
 */
export function defineScheduledWork(deps: Deps): void {
  const plans = localPlans();
  defineCollectionMail(deps);
  defineReminder(deps);
  defineDigest(deps);
  defineWriteInMail(deps);
  if (deps.env.BACKUPS) defineNightlyBackup(deps);
  // Turned off: the schedule an earlier start made is taken down too.
  else deps.jobs.retire(NIGHTLY_BACKUP);
  deps.jobs.define({
    name: EMAIL_TICK,
    // Every minute (pg-boss sends one job per minute across all instances); time zones with a
    // 30- or 45-minute offset reach 09:00 on a minute too.
    cron: "* * * * *",
    retryLimit: 0,
    run: async () => {
      // Each step runs even when one before it failed (a database blip in one must not skip the
      // others for the minute); the first failure still fails the tick, where /admin/jobs shows it.
      const steps = [
        () => planDue(deps.db, deps.jobs, plans, deps.clock.now()),
        // Write-ins starting in 10 minutes tell those coming, by email too if they asked (issue 30 item 1).
        () => remindWriteIns(deps, deps.clock.now()),
        // Ended write-ins settled: First and Tenth Write-in for those who wrote (issue 30 item 3).
        () => settleWriteIns(deps.db, deps.clock.now()),
      ];
      let failed: unknown = null;
      for (const step of steps) await step().catch((err: unknown) => void (failed ??= err));
      if (failed) throw failed;
    },
  });
}

/** Tests (TEST_CLOCK): the tick at the moved clock, then every job it caused, to the last email. */
export async function runScheduledNow(deps: Deps): Promise<void> {
  await deps.jobs.send(EMAIL_TICK, {});
  await deps.jobs.settle();
}
