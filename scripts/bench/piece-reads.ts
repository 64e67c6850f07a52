/**
 * A visitor's open pieces under load, a different piece each request from a list of ids, against a
 * server already running (issue 28 item 3: the piece cache). Prints req/s and the server's CPU
 * (utime and stime of every thread, /proc) per answer.
 *
 *   npx tsx scripts/bench/piece-reads.ts --pid PID --ids FILE [--url http://127.0.0.1:3902] [--seconds 5] [--connections 32] [--cookie COOKIE] [--path /api/community/pieces/{id}/comments]
 *
 * With --cookie (a signed-in reader's session cookie, as `curl` prints it from sign-in) every
 * read is that reader's. With --path, each request asks that path with the piece's id for `{id}`
 * (by default `/api/community/pieces/{id}`, the open piece).
 *
 * FILE holds one piece id per line: all the public pieces in a random order (every read a first
 * read, as a crawler or a long tail of links: `psql -tAc "select id from submissions where not
 * is_private order by random()"`), or the first 128 of them (the same pieces read again and
 * again, as a shared link going round). BENCHMARKS.md ("A visitor's open piece") says how two
 * builds were run side by side with it.
 */
import { readFileSync } from "node:fs";
// autocannon ships no types; this is the part of its API we use (as load.ts).
// @ts-expect-error -- untyped CommonJS module
import autocannonUntyped from "autocannon";

interface Run {
  requests: { average: number; total: number };
  latency: { p99: number };
  non2xx: number;
}
const autocannon = autocannonUntyped as (opts: Record<string, unknown>) => Promise<Run>;

const argv = process.argv.slice(2);
const option = (name: string, fallback?: string) => {
  const i = argv.indexOf(`--${name}`);
  const value = i >= 0 ? argv[i + 1] : fallback;
  if (value === undefined) throw new Error(`--${name} is required`);
  return value;
};
const pid = option("pid");
const ids = readFileSync(option("ids"), "utf8").trim().split("\n");
const url = option("url", "http://127.0.0.1:3902");
const seconds = Number(option("seconds", "5"));
const connections = Number(option("connections", "32"));
const cookie = argv.includes("--cookie") ? option("cookie") : undefined;
const pathTemplate = option("path", "/api/community/pieces/{id}");
const pathOf = (id: string) => pathTemplate.replace("{id}", id);

/** The server's CPU so far, in clock ticks (utime + stime: fields 14 and 15 of /proc/PID/stat). */
function ticks(): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

let next = 0;
const requests = [
  {
    method: "GET" as const,
    path: "/",
    headers: { accept: "application/json", "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) },
    setupRequest: (req: { path: string }) => ({ ...req, path: pathOf(ids[next++ % ids.length]!) }),
  },
];
// Two seconds of warm-up (the JIT, the pool), then the measured run; the list goes on where the warm-up stopped.
await autocannon({ url, connections, duration: 2, requests });
const before = ticks();
const result = await autocannon({ url, connections, duration: seconds, requests });
const cpuMs = ((ticks() - before) * 10) / Math.max(1, result.requests.total);
console.log(`${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx, CPU ${cpuMs.toFixed(3)} ms per answer, p99 ${result.latency.p99} ms`);
