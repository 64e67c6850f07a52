import type { Auth } from "./auth.ts";
import type { AdjustableClock, Clock } from "./clock.ts";
import type { Database, Db } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { AdminDirectory } from "./modules/users/admins.service.ts";
import type { RealtimeBus } from "./realtime/bus.ts";
import type { Background } from "./background.ts";
import type { Jobs } from "./jobs/queue.ts";
import type { Outbox } from "./mail/outbox.ts";
import type { Metrics } from "./modules/metrics/metrics.ts";
import type { SessionCache } from "./http/session-cache.ts";

/*
 * Only the type: the app is wired in create-deps.ts, which imports the job wiring (jobs/registry.ts)
 * that imports the job modules that name this type. Nothing this file names imports it back.
 */

/** Everything a request handler may use, built once per app (and once per test file). */
export interface Deps {
  env: Env;
  database: Database;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  clock: Clock;
  /** Present only with TEST_CLOCK (never in production). */
  testClock: AdjustableClock | null;
  admins: AdminDirectory;
  /** Verified sessions for reads; `changed(q, userId)` after any change to a writer's sessions or user row. */
  sessions: SessionCache;
  realtime: RealtimeBus;
  /** Work finished after answering (queueing a reset email); stop() waits for it. */
  background: Background;
  /** The job queue (pg-boss): scheduled emails, mail delivery, housekeeping. */
  jobs: Jobs;
  /** Every email goes out through it (on the queue). */
  outbox: Outbox;
  authSecret: string;
  /** GET /metrics' registry: only when METRICS_TOKEN is set (null otherwise, and prom-client is never loaded). */
  metrics: Metrics | null;
  /** Aborted when the server shuts down: long-lived responses (SSE) end on it. */
  shutdown: AbortSignal;
  /** Ends live streams so the server can close; called first on SIGTERM. */
  endLiveStreams(): void;
  stop(): Promise<void>;
}
