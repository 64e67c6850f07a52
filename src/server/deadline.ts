/** Thrown by withDeadline when the work took longer than it was given. */
export class DeadlineExceeded extends Error {}

/**
 * `work`, or a rejection once `ms` have passed without it settling (a database that does not
 * answer at all: a probe must say so quickly, not wait for the pool's own time-out).
 */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  // The work may still fail after the deadline: nobody waits for it, so its rejection is handled here.
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
