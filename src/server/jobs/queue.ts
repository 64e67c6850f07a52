import { createRequire } from "node:module";
import PgBoss from "pg-boss";
import type { Database } from "../db/client.ts";
import { logError } from "../log.ts";
import { jobIdForKey } from "./keys.ts";
import type { JobTimings } from "./timings.ts";

/** The schema pg-boss keeps its tables in (created and migrated by pg-boss itself on start). */
export const JOBS_SCHEMA = "pgboss";

export interface QueueDefinition<T> {
  name: string;
  /** Runs one job; a throw fails this attempt (retried with backoff until `retryLimit`). */
  run(data: T): Promise<void>;
  /** Attempts after the first (default 5). */
  retryLimit?: number;
  /** How long one attempt may run before pg-boss counts it failed (default: the timings' expireSeconds). */
  expireSeconds?: number;
  /** A cron expression (UTC): pg-boss sends one job per match, once across all instances. */
  cron?: string;
  /**
   * True for a job whose row must not outlive its success (pg-boss keeps finished jobs a week):
   * the email confirming an account deletion holds the address it was sent to.
   */
  forgetWhenDone?(data: T): boolean;
}

/**
 * pg-boss 10 marks a job done or failed without awaiting it (manager.js `work()`'s onFetch): when
 * the database is away or closing, that rejection would be unhandled, and Node exits on one. Those
 * two statements are answered here instead: the job stays active, expires and is retried (a mail's
 * ledger row keeps a retried send from going out twice).
 */
const plans = createRequire(import.meta.url)("pg-boss/src/plans.js") as { completeJobs(schema: string): string; failJobsById(schema: string): string };
const UNAWAITED_BY_PG_BOSS = new Set([plans.completeJobs(JOBS_SCHEMA), plans.failJobsById(JOBS_SCHEMA)]);

/** What a caller may pass as a job's data: plain JSON. */
export type JobData = Record<string, unknown>;

/** A logged error at most this often while the database is away (each poll fails). */
const ERROR_LOG_EVERY_MS = 30_000;

/**
 * The job queue (decision 011): pg-boss 10 on the app's own database connection, so it runs the
 * same on the embedded PGlite and on a PostgreSQL server, and lives through outages like any
 * request. Every instance works every queue; a job is taken by one (SKIP LOCKED). A job sent
 * with a key is sent once: the key is its id.
 */
export class Jobs {
  private readonly boss: PgBoss;
  private readonly queues = new Map<string, QueueDefinition<JobData>>();
  private readonly retired = new Set<string>();
  private readonly workers = new Map<string, string>();
  private started = false;
  private stopping = false;
  private lastErrorLog = 0;
  /** Attempts that threw, per queue, on this instance since start (GET /metrics). */
  readonly failedAttempts = new Map<string, number>();

  constructor(
    private readonly database: Database,
    private readonly timings: JobTimings,
  ) {
    const executeSql = async (text: string, values: unknown[]) => {
      if (!UNAWAITED_BY_PG_BOSS.has(text)) return database.sql(text, values);
      try {
        return await database.sql(text, values);
      } catch (err) {
        this.logError(err);
        return { rows: [{ count: "0" }] };
      }
    };
    this.boss = new PgBoss({
      db: { executeSql: executeSql as (text: string, values: unknown[]) => Promise<{ rows: never[] }> },
      schema: JOBS_SCHEMA,
      migrate: true,
      supervise: true,
      schedule: true,
      maintenanceIntervalSeconds: timings.maintenanceSeconds,
      // Finished jobs stay visible on /admin/jobs (and keep their key taken) for a week.
      archiveCompletedAfterSeconds: 7 * 24 * 3600,
      archiveFailedAfterSeconds: 30 * 24 * 3600,
      deleteAfterDays: 30,
    });
    this.boss.on("error", (err) => this.logError(err));
  }

  /** While the database is away every poll fails: one line every 30 s is enough. */
  private logError(err: unknown): void {
    // Closing: the database going away under a last completion is expected, not news.
    if (this.stopping) return;
    const now = Date.now();
    if (now - this.lastErrorLog < ERROR_LOG_EVERY_MS) return;
    this.lastErrorLog = now;
    logError("job queue", err);
  }

  /** Declares a queue and its handler; call before start(). */
  define<T extends JobData>(definition: QueueDefinition<T>): void {
    if (this.started) throw new Error(`queue ${definition.name} defined after start`);
    this.queues.set(definition.name, definition as unknown as QueueDefinition<JobData>);
  }

  /** A scheduled queue that is no longer defined (a job turned off): start() removes its schedule. */
  retire(name: string): void {
    this.retired.add(name);
  }

  get names(): string[] {
    return [...this.queues.keys()];
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const name of this.retired) await this.boss.unschedule(name).catch(() => undefined);
    for (const q of this.queues.values()) {
      const options = {
        retryLimit: Math.min(q.retryLimit ?? 5, this.timings.maxRetries),
        retryDelay: this.timings.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: q.expireSeconds ?? this.timings.expireSeconds,
      };
      // Another instance may be creating it at the same moment; then update settles the options.
      await this.boss.createQueue(q.name, { name: q.name, ...options }).catch(() => undefined);
      await this.boss.updateQueue(q.name, { name: q.name, ...options });
      if (q.cron) await this.boss.schedule(q.name, q.cron, {}, { tz: "UTC" });
      else await this.boss.unschedule(q.name);
      // One job at a time per queue and instance: a mail is recorded as sent before the next one starts.
      const id = await this.boss.work<JobData>(q.name, { pollingIntervalSeconds: this.timings.pollSeconds, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) {
          await q.run(job.data ?? {}).catch((err: unknown) => {
            this.failedAttempts.set(q.name, (this.failedAttempts.get(q.name) ?? 0) + 1);
            throw err;
          });
          // pg-boss's completion then finds no row, and leaves it so.
          if (q.forgetWhenDone?.(job.data ?? {})) await this.boss.deleteJob(q.name, job.id);
        }
      });
      this.workers.set(q.name, id);
    }
    this.started = true;
  }

  /**
   * Queues a job. With a key, a second send of the same key (from any instance) is a no-op
   * while the first is kept (a week after it finished); returns whether a job was added.
   */
  async send(name: string, data: JobData, options: { key?: string; startAfter?: Date; priority?: number } = {}): Promise<boolean> {
    if (!this.queues.has(name)) throw new Error(`unknown queue ${name}`);
    const sendOptions: PgBoss.SendOptions = {};
    if (options.key) sendOptions.id = jobIdForKey(`${name}:${options.key}`);
    if (options.startAfter) sendOptions.startAfter = options.startAfter;
    // Higher first: a reset link does not wait behind Sunday's weekly batch.
    if (options.priority) sendOptions.priority = options.priority;
    const id = await this.boss.send(name, data, sendOptions);
    // Wake this instance's worker now rather than at its next poll.
    if (id) this.wake(name);
    return id !== null;
  }

  private wake(name: string): void {
    const worker = this.workers.get(name);
    if (worker) this.boss.notifyWorker(worker);
  }

  /** Queues many keyed jobs in one statement (a batch of writers); keys already queued are skipped. */
  async sendMany(name: string, items: { data: JobData; key: string }[]): Promise<void> {
    if (!this.queues.has(name)) throw new Error(`unknown queue ${name}`);
    if (items.length === 0) return;
    await this.boss.insert(items.map((i) => ({ name, data: i.data, id: jobIdForKey(`${name}:${i.key}`) })));
    this.wake(name);
  }

  /** Puts a failed job of a known queue back in line; false when it is not (or no longer) failed. */
  async retry(name: string, id: string): Promise<boolean> {
    if (!this.queues.has(name)) return false;
    const { rows } = await this.database.sql(`select 1 from ${JOBS_SCHEMA}.job where name = $1 and id = $2 and state = 'failed'`, [name, id]);
    if (rows.length === 0) return false;
    await this.boss.retry(name, id);
    this.wake(name);
    return true;
  }

  /** Finishes the jobs this instance is running (up to `timeoutMs`) and takes no more. */
  async stop(timeoutMs = 5_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.stopping = true;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs }).catch((err: unknown) => logError("stopping the job queue", err));
  }

  /**
   * Tests: resolves once no job of these queues is waiting to run now or running (a job whose
   * retry is scheduled later does not count), waking the workers as it waits.
   */
  async settle(names = this.names, limitMs = 20_000): Promise<void> {
    const until = Date.now() + limitMs;
    for (;;) {
      const { rows } = await this.database.sql(
        `select count(*)::int as n from ${JOBS_SCHEMA}.job where name = any($1::text[]) and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
        [names],
      );
      if ((rows[0] as { n: number }).n === 0) return;
      if (Date.now() > until) throw new Error(`jobs still pending after ${limitMs} ms`);
      for (const name of names) this.wake(name);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
