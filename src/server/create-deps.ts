import { randomBytes } from "node:crypto";
import { setMaxListeners } from "node:events";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createAuth } from "./auth.ts";
import { AdjustableClock, systemClock, type Clock } from "./clock.ts";
import { openDatabase, type Database } from "./db/client.ts";
import type { Deps } from "./deps.ts";
import type { Env } from "./env.ts";
import { fileMailer, smtpMailer, type Mailer } from "./mail/mailer.ts";
import { AdminDirectory } from "./modules/users/admins.service.ts";
import { RealtimeBus } from "./realtime/bus.ts";
import { Background } from "./background.ts";
import { Jobs } from "./jobs/queue.ts";
import { defineMaintenance } from "./jobs/maintenance.ts";
import { PRODUCTION_TIMINGS, TEST_TIMINGS } from "./jobs/timings.ts";
import { Outbox } from "./mail/outbox.ts";
import { defineScheduledWork } from "./jobs/registry.ts";
import { SessionCache } from "./http/session-cache.ts";

/** AUTH_SECRET, or one generated on first run and kept in DATA_DIR. */
export function resolveAuthSecret(env: Env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = join(env.DATA_DIR, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export interface DepsOptions {
  /** Open PGlite in memory instead of DATA_DIR/db (tests). */
  inMemory?: boolean;
  mailer?: Mailer;
  clock?: Clock;
  holder?: string;
  database?: Database;
}

export async function createDeps(env: Env, opts: DepsOptions = {}): Promise<Deps> {
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: opts.inMemory ? undefined : env.DATA_DIR,
      backupDir: env.BACKUP_DIR,
      holder: opts.holder ?? `inkwell server on port ${env.PORT}`,
    }));
  const db = database.db;
  const from = env.MAIL_FROM ?? `${env.SITE_NAME} <no-reply@${new URL(env.APP_URL).hostname}>`;
  const mailer = opts.mailer ?? (env.SMTP_URL ? smtpMailer(env.SMTP_URL, from) : fileMailer(join(env.DATA_DIR, "mail"), from, env.NODE_ENV !== "test"));
  const testClock = env.TEST_CLOCK ? new AdjustableClock(opts.clock ?? systemClock) : null;
  const clock = testClock ?? opts.clock ?? systemClock;
  const admins = new AdminDirectory(db);
  const authSecret = opts.inMemory && !env.AUTH_SECRET ? randomBytes(32).toString("base64url") : resolveAuthSecret(env);
  const background = new Background();
  const jobs = new Jobs(database, env.TEST_CLOCK ? TEST_TIMINGS : PRODUCTION_TIMINGS);
  const outbox = new Outbox(jobs, db, mailer, new URL(env.APP_URL).hostname);
  const sessions = new SessionCache(database);
  await sessions.start();
  const auth = createAuth({ env, db, outbox, admins, authSecret, background, sessions });
  const realtime = new RealtimeBus(database);
  await realtime.start();
  defineMaintenance(jobs, db, clock, realtime);
  const controller = new AbortController();
  // Every open live stream listens for shutdown: any number is expected, not a leak.
  setMaxListeners(0, controller.signal);
  let stopping: Promise<void> | null = null;
  const deps: Deps = {
    env,
    database,
    db,
    auth,
    mailer,
    clock,
    testClock,
    admins,
    sessions,
    realtime,
    background,
    jobs,
    outbox,
    authSecret,
    metrics: null,
    shutdown: controller.signal,
    endLiveStreams() {
      controller.abort();
    },
    /** Stops once: a second call (a second signal, a test's teardown after a simulated restart) waits for the first. */
    stop() {
      stopping ??= (async () => {
        deps.metrics?.stop();
        await background.drain();
        // Jobs this instance took are finished (or, past the limit, left for another instance to retry).
        await jobs.stop();
        controller.abort();
        await realtime.stop();
        await sessions.stop();
        await database.close();
      })();
      return stopping;
    },
  };
  defineScheduledWork(deps);
  if (env.METRICS_TOKEN) deps.metrics = (await import("./modules/metrics/registry.ts")).createMetrics(deps);
  await jobs.start();
  return deps;
}
