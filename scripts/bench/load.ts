/**
 * One endpoint under load with autocannon: N connections for D seconds against a running
 * server, with its peak memory over the run.
 */
// autocannon ships no types; this is the part of its API we use.
// @ts-expect-error -- untyped CommonJS module
import autocannon from "autocannon";
import type { Fixture } from "./fixture.ts";
import { peakRssMb, resetPeakRss } from "./server.ts";
import type { Request, Target } from "./targets.ts";

interface AutocannonResult {
  requests: { total: number };
  /** Seconds the run really lasted. */
  duration: number;
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
const autocannonRun = autocannon as (opts: Record<string, unknown>) => Promise<AutocannonResult>;

export interface LoadResult {
  target: string;
  kind: Target["kind"];
  connections: number;
  /** Answers per second over the whole run. */
  rps: number;
  p50: number;
  p99: number;
  total: number;
  /** Non-2xx answers, connection errors and time-outs (no answer within autocannon's 10 s). */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** The server's peak RSS during this run (MB), or over its life so far when it cannot be reset. */
  peakRssMb: number | null;
  /** A few of the failures, to tell what went wrong. */
  samples: string[];
}

/** Wraps each request so a failed answer is kept (a few per run). */
function sampling(requests: Request[], samples: string[]): Request[] {
  return requests.map((r) => ({
    ...r,
    onResponse: (status, body, context) => {
      const text = `${status} ${body.slice(0, 200)}`;
      if (status >= 400 && samples.length < 3 && !samples.includes(text)) samples.push(text);
      r.onResponse?.(status, body, context);
    },
  }));
}

export async function runLoad(target: Target, fx: Fixture, pid: number, connections: number, duration: number, run: number): Promise<LoadResult> {
  const samples: string[] = [];
  const requests = target.requests(fx, connections, run);
  resetPeakRss(pid);
  const r = await autocannonRun({
    url: fx.appUrl,
    connections,
    duration,
    requests: target.kind === "write" ? sampling(requests, samples) : requests,
  });
  const peak = peakRssMb(pid);
  await settle(fx.appUrl);
  const errors = r.non2xx + r.errors + r.timeouts;
  if (r.non2xx > 0 && target.kind === "read" && requests[0]?.path && !requests[0].setupRequest) {
    // Reads do not keep bodies under load (it costs the load generator); ask once afterwards.
    const res = await fetch(fx.appUrl + requests[0].path, { headers: requests[0].headers }).catch((e: unknown) => String(e));
    samples.push(typeof res === "string" ? res : `${res.status} ${(await res.text()).slice(0, 200)}`);
  }
  return {
    target: target.name,
    kind: target.kind,
    connections,
    rps: Math.round(r.requests.total / Math.max(r.duration, 0.001)),
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    peakRssMb: peak,
    samples,
  };
}

/**
 * autocannon stops with requests still in flight; the server finishes them. Wait for that (a
 * health check queues behind them for the database) so they do not count against the next run,
 * and a writer's piece finished late cannot postdate the next run's writing sessions.
 */
async function settle(appUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${appUrl}/api/health`).then((res) => res.ok, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
}

/** A short burst that warms the server (JIT, pools, caches) before anything is measured. */
export async function warmUp(fx: Fixture, seconds: number): Promise<void> {
  await autocannonRun({ url: `${fx.appUrl}/api/community/feed`, connections: 8, duration: seconds });
}
