import { monitorEventLoopDelay } from "node:perf_hooks";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Deps } from "../../deps.ts";
import type { Metrics } from "./metrics.ts";
import { withDeadline } from "../../deadline.ts";
import { waitingJobs, type WaitingJobs } from "../../jobs/status.ts";
import { feedCacheOf } from "../community/feed-first-page.ts";
import { pieceCacheOf } from "../community/piece-cache.ts";
import { streamSlots } from "../events/stream-limits.ts";

/*
 * What GET /metrics says (issue 27 item 2), on a registry of this app's own (tests run several
 * apps in one process). Built only when METRICS_TOKEN is set: create-deps.ts loads this file, and
 * prom-client with it, on demand. The request path pays one histogram and one counter update;
 * everything else is a number its component keeps anyway (the feed cache's hits, the outbox's
 * sends, the open streams, the pool's counts), read when scraped. The queue backlog is one
 * indexed query per scrape, given SCRAPE_DB_MS at most.
 */

/** The queue backlog is left out of a scrape when the database does not answer within this. */
export const SCRAPE_DB_MS = 2_000;
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A counter whose total a component keeps: set from it at each scrape. */
function tally<L extends string>(registry: Registry, name: string, help: string, labelNames: L[], read: () => [Partial<Record<L, string>>, number][]) {
  return new Counter<L>({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const [labels, n] of read()) this.inc(labels, n);
    },
  });
}

/** A gauge set from `read` at each scrape. */
function reading(registry: Registry, name: string, help: string, read: () => number) {
  return new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

export function createMetrics(deps: Deps): Metrics {
  const registry = new Registry();
  const requests = new Counter({ name: "inkwell_http_requests_total", help: "Requests answered, by method, route pattern and status.", labelNames: ["method", "route", "status"], registers: [registry] });
  const latency = new Histogram({
    name: "inkwell_http_request_duration_seconds",
    help: "Time to the response's head, by method and route pattern (a live stream's head comes at once).",
    labelNames: ["method", "route"],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  reading(registry, "inkwell_live_streams_open", "Live event streams (/api/events) open on this instance.", () => streamSlots(deps).total);
  const pool = () => deps.database.poolStats() ?? { total: 0, idle: 0, waiting: 0 };
  new Gauge({
    name: "inkwell_db_pool_connections",
    help: "Database connections of this instance's pool, in use or idle (0 for the in-process test database).",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const p = pool();
      this.set({ state: "in_use" }, p.total - p.idle);
      this.set({ state: "idle" }, p.idle);
    },
  });
  reading(registry, "inkwell_db_pool_waiting", "Queries waiting for a free database connection.", () => pool().waiting);

  // The backlog is read once per scrape, before the registry is collected.
  let backlog: WaitingJobs[] | null = null;
  const jobGauge = (name: string, help: string, labelNames: string[], fill: (g: Gauge, queue: string, rows: WaitingJobs[]) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      collect() {
        this.reset();
        if (backlog) for (const queue of deps.jobs.names) fill(this, queue, backlog.filter((r) => r.name === queue));
      },
    });
  jobGauge("inkwell_jobs_waiting", "Jobs due and not yet taken, by queue and state (created: first attempt; retry: a later one). Absent when the database did not answer.", ["queue", "state"], (g, queue, rows) => {
    for (const state of ["created", "retry"] as const) g.set({ queue, state }, rows.find((r) => r.state === state)?.count ?? 0);
  });
  jobGauge("inkwell_jobs_oldest_waiting_seconds", "Seconds the oldest due job of a queue has waited to be taken (0 when none waits).", ["queue"], (g, queue, rows) => {
    g.set({ queue }, Math.max(0, ...rows.map((r) => r.oldestSeconds)));
  });
  tally(registry, "inkwell_job_failed_attempts_total", "Job attempts that failed on this instance, by queue (each is retried until its limit).", ["queue"], () =>
    deps.jobs.names.map((queue) => [{ queue }, deps.jobs.failedAttempts.get(queue) ?? 0]),
  );
  tally(registry, "inkwell_mails_total", "Mails this instance gave the mail server: sent, or refused (the attempt failed and is retried).", ["outcome"], () => [
    [{ outcome: "sent" }, deps.outbox.sent],
    [{ outcome: "refused" }, deps.outbox.refused],
  ]);
  tally(registry, "inkwell_feed_cache_requests_total", "Feed pages (first pages, and later pages by a cursor a cached page handed out) asked of this instance's cache: hit (answered from it) or miss (read from the database).", ["result"], () => {
    const cache = feedCacheOf(deps);
    return [
      [{ result: "hit" }, cache.hits],
      [{ result: "miss" }, cache.misses],
    ];
  });
  tally(registry, "inkwell_piece_cache_requests_total", "A visitor's open pieces asked of this instance's cache: hit (answered from it) or miss (read from the database).", ["result"], () => {
    const cache = pieceCacheOf(deps);
    return [
      [{ result: "hit" }, cache.hits],
      [{ result: "miss" }, cache.misses],
    ];
  });

  // The event loop's delay since the previous scrape, sampled every 20 ms (nanoseconds → seconds).
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  const seconds = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
  reading(registry, "nodejs_eventloop_lag_p50_seconds", "Median event-loop delay since the previous scrape.", () => seconds(loop.percentile(50)));
  reading(registry, "nodejs_eventloop_lag_p99_seconds", "99th percentile of the event-loop delay since the previous scrape.", () => seconds(loop.percentile(99)));
  reading(registry, "nodejs_eventloop_lag_max_seconds", "Longest event-loop delay since the previous scrape.", () => seconds(loop.max));
  reading(registry, "process_resident_memory_bytes", "Resident memory of the process (VmRSS).", () => process.memoryUsage.rss());
  reading(registry, "nodejs_heap_size_used_bytes", "JavaScript heap in use.", () => process.memoryUsage().heapUsed);
  reading(registry, "nodejs_heap_size_total_bytes", "JavaScript heap reserved.", () => process.memoryUsage().heapTotal);

  return {
    observeRequest(method, route, status, secs) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, secs);
    },
    async scrape() {
      backlog = await withDeadline(waitingJobs(deps.database, deps.jobs.names), SCRAPE_DB_MS).catch(() => null);
      const body = await registry.metrics();
      loop.reset();
      return { contentType: registry.contentType, body };
    },
    stop() {
      loop.disable();
    },
  };
}
