import { and, asc, count, eq, gte, inArray, lte } from "drizzle-orm";
import { DAYS_PER_WEEK } from "#shared/constants.ts";
import { addDays, localDate } from "#shared/domain/dates.ts";
import { missingUpcomingDates, planDay, SERVER_TIME_ZONE, STATUS_FOR_ACTION, upcomingDates, type DayOutcome } from "#shared/domain/scheduler.ts";
import {
  ADMIN_MESSAGES,
  type SchedulerGaps,
  type SchedulerSaveInput,
  type SchedulerSaveResult,
  type SchedulerWeek,
} from "#shared/schemas/admin.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { pgErrorCode } from "../../db/errors.ts";
import { prompts, submissions } from "../../db/schema/index.ts";
import { PG_ERROR, promptColumns, submissionCounts } from "./admin.shared.ts";
import { logError } from "../../log.ts";

/*
 * The weekly scheduler: one week of daily prompts read, one week saved day by day. The rules of
 * what a day's edit means (create, update, delete, conflict...) are pure, in shared/domain/scheduler.ts.
 */

/** The seven days from `start` (a Sunday), each with its prompt and how many pieces it has. */
export async function getWeek(db: Queryable, start: string, today: string): Promise<SchedulerWeek> {
  const end = addDays(start, DAYS_PER_WEEK - 1);
  const rows = await db
    .select(promptColumns)
    .from(prompts)
    .where(and(gte(prompts.date, start), lte(prompts.date, end)))
    .orderBy(asc(prompts.date))
    .limit(DAYS_PER_WEEK);
  // Every piece counts here (private ones too): a prompt with any piece cannot be deleted.
  const counts = await submissionCounts(db, rows.map((r) => r.id), false);
  const byDate = new Map(rows.map((r) => [r.date!, r]));
  const days = Array.from({ length: DAYS_PER_WEEK }, (_, i) => {
    const date = addDays(start, i);
    const row = byDate.get(date);
    return { date, prompt: row ? { ...row, submissionCount: counts.get(row.id) ?? 0 } : null };
  });
  return { weekStart: start, today, days };
}

/** Which of the dates already "tomorrow" somewhere have no prompt (two probes of prompts_date_key). */
export async function getScheduleGaps(db: Queryable, now: Date): Promise<SchedulerGaps> {
  const serverToday = localDate(now, SERVER_TIME_ZONE);
  const rows = await db
    .select({ date: prompts.date })
    .from(prompts)
    .where(and(eq(prompts.kind, "daily"), inArray(prompts.date, upcomingDates(serverToday))));
  return { serverToday, missing: missingUpcomingDates(serverToday, rows.map((r) => r.date!)) };
}

class DayRefused extends Error {}

/**
 * Saves a week day by day, each day in its own transaction, so one refused day (a prompt with
 * pieces cannot be deleted, or a day someone else changed since the admin loaded the week) does
 * not undo the others; every day reports its own outcome. A day the admin did not edit (text and
 * author as loaded) is not written at all. The stored row is locked (FOR UPDATE) while it is
 * compared with what the admin loaded, so a concurrent save cannot slip in between.
 */
export async function saveWeek(db: Db, input: SchedulerSaveInput, today: string): Promise<SchedulerSaveResult> {
  const outcomes: DayOutcome[] = [];
  for (const day of input.days) {
    try {
      const status = await db.transaction(async (tx) => {
        const [stored] = await tx
          .select({ id: prompts.id, text: prompts.text, author: prompts.author })
          .from(prompts)
          .where(eq(prompts.date, day.date))
          .limit(1)
          .for("update");
        const expected = day.expected ? { text: day.expected.text, author: day.expected.author ?? null } : null;
        const plan = planDay({ date: day.date, text: day.text ?? "", author: day.author ?? null }, stored ?? null, expected);
        switch (plan.action) {
          case "conflict":
            throw new DayRefused(ADMIN_MESSAGES.changedSinceLoad);
          case "create":
            await tx.insert(prompts).values({ date: day.date, kind: "daily", text: plan.text, author: plan.author });
            break;
          case "update":
            await tx.update(prompts).set({ text: plan.text, author: plan.author }).where(eq(prompts.id, stored!.id));
            break;
          case "delete": {
            const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(submissions).where(eq(submissions.promptId, stored!.id));
            if (n > 0) throw new DayRefused(ADMIN_MESSAGES.promptHasPieces(n));
            await tx.delete(prompts).where(eq(prompts.id, stored!.id));
            break;
          }
          case "empty":
          case "unchanged":
            break;
        }
        return STATUS_FOR_ACTION[plan.action];
      });
      outcomes.push({ date: day.date, status });
    } catch (err) {
      outcomes.push({ date: day.date, status: "error", message: dayErrorMessage(err) });
    }
  }
  const week = await getWeek(db, input.weekStart, today);
  return { ...week, outcomes };
}

function dayErrorMessage(err: unknown): string {
  if (err instanceof DayRefused) return err.message;
  const code = pgErrorCode(err);
  // A piece written for the prompt between our count and the delete: the foreign key refuses.
  if (code === PG_ERROR.foreignKeyViolation) return ADMIN_MESSAGES.promptHasPieces(1);
  if (code === PG_ERROR.uniqueViolation) return ADMIN_MESSAGES.dayTaken;
  logError("scheduler day failed", err);
  return ADMIN_MESSAGES.daySaveFailed;
}
