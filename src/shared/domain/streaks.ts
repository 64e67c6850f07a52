import { daysBetween } from "./dates.ts";

/**
 * The streak a writer has today: the stored current streak counts only while their latest
 * writing day is today or yesterday (their own calendar); otherwise it is 0.
 */
export function currentStreakAsOf(storedCurrent: number, lastWriteDate: string | null, today: string): number {
  if (!lastWriteDate) return 0;
  const gap = daysBetween(lastWriteDate, today);
  return gap === 0 || gap === 1 ? storedCurrent : 0;
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
}

/**
 * The streak after a piece written on the writer's local date `today`:
 * same day as the last piece: unchanged; the next day: one longer; a gap of more than a day:
 * a fresh streak of 1. A date before the last one (the writer moved west across a date line)
 * changes nothing. The longest streak never shrinks.
 */
export function streakAfterWriting(state: StreakState, today: string): StreakState {
  const { lastWriteDate } = state;
  let current: number;
  let last = today;
  if (!lastWriteDate) {
    current = 1;
  } else {
    const gap = daysBetween(lastWriteDate, today);
    if (gap < 0) {
      current = Math.max(state.currentStreak, 1);
      last = lastWriteDate;
    } else if (gap === 0) current = Math.max(state.currentStreak, 1);
    else if (gap === 1) current = state.currentStreak + 1;
    else current = 1;
  }
  return { currentStreak: current, longestStreak: Math.max(state.longestStreak, current), lastWriteDate: last };
}
