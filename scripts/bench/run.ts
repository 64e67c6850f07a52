/**
 * Load test of the community feed with autocannon: 32 connections for 10 s against the first
 * feed page, the Most Liked sort and two searches (a rare word and a common one).
 *
 *   npx tsx scripts/bench/run.ts [BASE_URL] [--connections 32] [--duration 10]
 *
 * BASE_URL defaults to http://127.0.0.1:3190. See scripts/bench/README.md for the whole recipe.
 */
// autocannon ships no types; this is the part of its API we use.
// @ts-expect-error -- untyped CommonJS module
import autocannon from "autocannon";

interface Histogram {
  average: number;
  p50: number;
  p99: number;
  max: number;
}
interface Result {
  requests: Histogram & { total: number };
  latency: Histogram;
  non2xx: number;
  errors: number;
  timeouts: number;
}
const run = autocannon as (opts: Record<string, unknown>) => Promise<Result>;

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const base = (args.find((a) => /^https?:\/\//.test(a)) ?? "http://127.0.0.1:3190").replace(/\/+$/, "");
const connections = flag("connections", 32);
const duration = flag("duration", 10);

const targets: [string, string][] = [
  ["first feed page (Recent)", "/api/community/feed"],
  ["Most Liked", "/api/community/feed?sort=liked"],
  ['search, rare word ("marovel", 100 matches)', "/api/community/feed?q=marovel"],
  ['search, common word ("lighthouse", 36% of pieces match)', "/api/community/feed?q=lighthouse"],
];

const health = await fetch(`${base}/api/health`).then((r) => r.json() as Promise<{ database?: string }>).catch(() => null);
if (!health) {
  console.error(`No server at ${base} (GET /api/health failed). Start one first: see scripts/bench/README.md.`);
  process.exit(1);
}
console.log(`autocannon ${connections} connections x ${duration} s against ${base} (database: ${health.database})\n`);
const rows: string[] = [];
for (const [label, path] of targets) {
  const r = await run({ url: base + path, connections, duration, headers: { accept: "application/json", "accept-encoding": "gzip" } });
  const line = `| ${label} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.requests.total} | ${r.non2xx + r.errors + r.timeouts} |`;
  rows.push(line);
  console.log(line);
}
console.log(`\n| endpoint | requests/s (avg) | p50 ms | p99 ms | requests | non-2xx/errors |\n|---|---|---|---|---|---|\n${rows.join("\n")}`);
