import { addDays, daysBetween } from "./dates.ts";
import { monthOf, shortDay } from "./months.ts";

/*
 * The grace day (issue 16): one missed day per calendar month keeps a streak alive. The month is
 * the missed day's own (missing Oct 31 spends October's grace day, even when the writer comes
 * back on Nov 1). Dates are the writer's local calendar dates. Grace days are spent in date
 * order, so the latest one used is enough to know whether a month's is gone.
 */

/** Whether the grace day of `missed`'s calendar month is still free, given the latest grace day used. */
export function graceDayAvailable(missed: string, graceDayUsed: string | null): boolean {
  return graceDayUsed === null || monthOf(graceDayUsed) !== monthOf(missed);
}

/**
 * The streak a writer has today: the stored current streak counts while their latest writing
 * day is today or yesterday (their own calendar), or the day before yesterday when yesterday's
 * month still has its grace day (writing today would keep the streak); otherwise it is 0.
 */
export function currentStreakAsOf(storedCurrent: number, lastWriteDate: string | null, today: string, graceDayUsed: string | null): number {
  if (!lastWriteDate) return 0;
  const gap = daysBetween(lastWriteDate, today);
  if (gap === 0 || gap === 1) return storedCurrent;
  return gap === 2 && graceDayAvailable(addDays(lastWriteDate, 1), graceDayUsed) ? storedCurrent : 0;
}

export function streakLabel(days: number): string {
  return `${days} ${days === 1 ? "day" : "days"}`;
}

/** What the user row keeps about a writer's streak. */
export interface StreakState {
  currentStreak: number;
  longestStreak: number;
  /** The writer's local calendar date of their latest piece (YYYY-MM-DD), or null before the first. */
  lastWriteDate: string | null;
  /** The latest grace day used (a missed local date), or null: the month rule reads it. */
  graceDayUsed: string | null;
  /** The first local date of the current streak, or null (no streak, or one older than the record). */
  streakStartDate: string | null;
}

export const NO_STREAK: StreakState = { currentStreak: 0, longestStreak: 0, lastWriteDate: null, graceDayUsed: null, streakStartDate: null };

/**
 * The streak after a piece written on the writer's local date `today`:
 * same day as the last piece: unchanged; the next day: one longer; one missed day whose month
 * still has its grace day: one longer, and that day is recorded as the month's grace day; any
 * other gap: a fresh streak of 1. A date before the last one (the writer moved west across a
 * date line) changes nothing. The longest streak never shrinks.
 */
export function streakAfterWriting(state: StreakState, today: string): StreakState {
  const { lastWriteDate } = state;
  const fresh = { currentStreak: 1, lastWriteDate: today, streakStartDate: today };
  let next: Omit<StreakState, "longestStreak">;
  if (!lastWriteDate) next = { ...state, ...fresh };
  else {
    const gap = daysBetween(lastWriteDate, today);
    const missed = addDays(lastWriteDate, 1);
    if (gap <= 0) next = { ...state, currentStreak: Math.max(state.currentStreak, 1) };
    else if (gap === 1) next = { ...state, currentStreak: state.currentStreak + 1, lastWriteDate: today };
    else if (gap === 2 && graceDayAvailable(missed, state.graceDayUsed)) {
      next = { ...state, currentStreak: state.currentStreak + 1, lastWriteDate: today, graceDayUsed: missed };
    } else next = { ...state, ...fresh };
  }
  return { ...next, longestStreak: Math.max(state.longestStreak, next.currentStreak) };
}

/**
 * The grace day that saved the streak a writer has today (the spec's forgivenessDayUsed), or
 * null: none was used, the streak it saved has ended, or a newer streak started after it.
 */
export function graceDaySavingStreak(state: StreakState, today: string): string | null {
  const { graceDayUsed, streakStartDate } = state;
  if (!graceDayUsed || currentStreakAsOf(state.currentStreak, state.lastWriteDate, today, graceDayUsed) === 0) return null;
  return streakStartDate === null || streakStartDate <= graceDayUsed ? graceDayUsed : null;
}

/** What the writer is shown of their streak on their local date `today` (/api/me and the profile's stats). */
export function streakShownOn(state: StreakState, today: string): { currentStreak: number; longestStreak: number; forgivenessDayUsed: string | null } {
  return {
    currentStreak: currentStreakAsOf(state.currentStreak, state.lastWriteDate, today, state.graceDayUsed),
    longestStreak: state.longestStreak,
    forgivenessDayUsed: graceDaySavingStreak(state, today),
  };
}

/** "Streak saved by your grace day on Nov 12": `graceDay` is a local date, shown as that calendar day. */
export function graceDayLine(graceDay: string): string {
  return `Streak saved by your grace day on ${shortDay(graceDay)}`;
}
