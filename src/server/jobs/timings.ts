/** How often the queue looks for work and how long a job may run before it counts as lost. */
export interface JobTimings {
  /** Each worker asks for due jobs this often (a send on this instance wakes it at once). */
  pollSeconds: number;
  /** Expiry of stuck jobs, archiving and the like run this often. */
  maintenanceSeconds: number;
  /** An active job not finished after this long (its instance died) is retried. */
  expireSeconds: number;
  /** First retry delay; each later retry waits about twice as long. */
  retryDelaySeconds: number;
  /** At most this many retries whatever a queue asks for (tests watch a job fail for good in seconds). */
  maxRetries: number;
}

export const PRODUCTION_TIMINGS: JobTimings = { pollSeconds: 2, maintenanceSeconds: 60, expireSeconds: 120, retryDelaySeconds: 30, maxRetries: 10 };

/** With TEST_CLOCK: the same rules, faster, so tests can watch a retry or a lost job come back. */
export const TEST_TIMINGS: JobTimings = { pollSeconds: 0.5, maintenanceSeconds: 1, expireSeconds: 8, retryDelaySeconds: 1, maxRetries: 2 };
