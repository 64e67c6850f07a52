import { formatClock } from "#shared/domain/writing-session.ts";
import { writeInState, type WriteInState } from "#shared/domain/write-ins.ts";

/*
 * What the live page reads off the server's clock (pure: `now` is the server's, from server-clock.ts).
 */

export interface SessionTimes {
  startsAt: number;
  endsAt: number;
  canceled: boolean;
}

/** Whole seconds until `at` (never negative), counting up to the next second, as a timer does. */
export const secondsUntil = (at: number, now: number) => Math.max(0, Math.ceil((at - now) / 1000));

export const phaseAt = (w: SessionTimes, now: number): WriteInState => writeInState(w, now);

/** "Starts in 4:59" during the countdown, "7:12 left" while live; null otherwise. */
export function clockText(w: SessionTimes, now: number): string | null {
  const phase = phaseAt(w, now);
  if (phase === "open" || phase === "upcoming") return `Starts in ${formatClock(secondsUntil(w.startsAt, now))}`;
  if (phase === "live") return `${formatClock(secondsUntil(w.endsAt, now))} left`;
  return null;
}

/**
 * The seconds the writing page waits before Save and Publish unlock, counted from the writer's own
 * start (the ten-minute rule's session): until the end of the write-in (a save before it would clear
 * the editor and stop the count), and never less than the rule itself (a late joiner's ten minutes).
 * After leaving early, the rule alone.
 */
export function lockSeconds(sessionStart: number, endsAt: number, minSeconds: number, leftEarly: boolean): number {
  if (leftEarly) return minSeconds;
  return Math.max(minSeconds, Math.ceil((endsAt - sessionStart) / 1000));
}
