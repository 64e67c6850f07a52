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
