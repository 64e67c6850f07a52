/**
 * PGlite's WebAssembly on V8's optimising compiler or on its baseline one alone (`--liftoff-only`),
 * side by side (issue 26 item 1, decision 014): two built servers on copies of one seeded embedded
 * database, one started as `npm start` starts it on this Node, the other with `--liftoff-only`,
 * loaded in turn with the benchmark's uncached reads, the order swapped every round. For each it
 * reports the answers per second, the server's CPU time per answer (utime + stime of the whole
 * process from /proc, so the database's thread and V8's compiler threads are counted), and its
 * memory (VmRSS idle after start, VmHWM over the run). Round 1 includes the compiler's work on
 * freshly loaded code; the later rounds are the steady state.
 *
 *   npx tsx scripts/bench/wasm-tiering.ts [--pieces 10000] [--rounds 4] [--duration 10] [--connections 8]
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { BENCH_PASSWORD, prepareFixture, readPieceIds, type Fixture } from "./fixture.ts";
import { runLoad } from "./load.ts";
import { peakRssMb, rssMb, startServer, type AppServer } from "./server.ts";
import { READS } from "./targets.ts";

const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1]! : fallback;
};
const pieces = Number(option("pieces", "10000"));
const rounds = Number(option("rounds", "4"));
const duration = Number(option("duration", "10"));
const connections = Number(option("connections", "8"));
const work = resolve(".tmp/bench/wasm-tiering");
const log = (msg: string) => console.error(`[tiering ${new Date().toISOString().slice(11, 19)}] ${msg}`);
/** The reads the database answers each time (a cached page would measure the cache, not PGlite). */
const UNCACHED = ["piece (a different one each request)", "a writer's portfolio (365 pieces)", 'search, rare word ("marovel")', "feed, first page, signed in"];
const targets = READS.filter((t) => UNCACHED.includes(t.name));

/** The process's CPU time so far (all its threads), in seconds. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Side {
  name: string;
  server: AppServer;
  fx: Fixture;
  idleRss: number | null;
  startPeak: number | null;
  /** The highest VmHWM of the load's runs. */
  loadPeak: number;
  /** Per target and round: answers, seconds, CPU seconds. */
  runs: Map<string, { answered: number; rps: number; cpu: number }[]>;
}

async function main() {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const seeded = join(work, "seeded");
  log(`seeding ${pieces} pieces into an embedded database`);
  const seed = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts", "--pieces", String(pieces), "--sign-in", String(connections + 1), "--password", BENCH_PASSWORD], {
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: seeded },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seed.status !== 0) throw new Error(`scripts/seed.ts exited with ${seed.status}`);
  const fromDb = await readPieceIds(undefined, seeded);
  const sides: Side[] = [];
  for (const [name, nodeArgs] of [
    ["as npm start runs it", []],
    ["--liftoff-only", ["--liftoff-only"]],
  ] as const) {
    const dataDir = join(work, name.replace(/\W+/g, "-"));
    cpSync(seeded, dataDir, { recursive: true });
    const server = await startServer({ dataDir, built: true, nodeArgs: [...nodeArgs] });
    const startPeak = peakRssMb(server.pid);
    await new Promise((r) => setTimeout(r, 5_000));
    sides.push({ name, server, fx: await prepareFixture(server.url, fromDb, connections + 1), idleRss: rssMb(server.pid), startPeak, loadPeak: 0, runs: new Map() });
    log(`${name}: started (pid ${server.pid}), start peak ${startPeak} MB, idle ${sides.at(-1)!.idleRss} MB`);
  }
  const loadBefore = loadavg().map((n) => n.toFixed(2)).join(", ");
  try {
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const target of targets) {
        for (const side of order) {
          const before = cpuSeconds(side.server.pid);
          const r = await runLoad(target, side.fx, side.server.pid, connections, duration, round);
          const cpu = cpuSeconds(side.server.pid) - before;
          side.loadPeak = Math.max(side.loadPeak, r.peakRssMb ?? 0);
          const list = side.runs.get(target.name) ?? [];
          list.push({ answered: r.total, rps: r.rps, cpu });
          side.runs.set(target.name, list);
          log(`round ${round + 1}, ${target.name}, ${side.name}: ${r.rps} req/s, ${((cpu / Math.max(r.total, 1)) * 1000).toFixed(2)} ms CPU per answer, ${r.errors} errors`);
        }
      }
    }
  } finally {
    for (const s of sides) await s.server.stop().catch(() => undefined);
  }
  const [a, b] = sides as [Side, Side];
  const perAnswer = (runs: { answered: number; cpu: number }[]) => (runs.reduce((n, r) => n + r.cpu, 0) / Math.max(1, runs.reduce((n, r) => n + r.answered, 0))) * 1000;
  const rps = (runs: { rps: number }[]) => runs.reduce((n, r) => n + r.rps, 0) / runs.length;
  const rows = targets.map((t) => {
    const ra = a.runs.get(t.name)!;
    const rb = b.runs.get(t.name)!;
    const [firstA, firstB] = [ra.slice(0, 1), rb.slice(0, 1)];
    const [restA, restB] = [ra.slice(1), rb.slice(1)];
    return `| ${t.name} | ${perAnswer(firstA).toFixed(2)} / ${perAnswer(firstB).toFixed(2)} | ${restA.length ? `${perAnswer(restA).toFixed(2)} / ${perAnswer(restB).toFixed(2)} (${(perAnswer(restB) / perAnswer(restA)).toFixed(2)}×)` : "—"} | ${Math.round(rps(ra))} / ${Math.round(rps(rb))} (${(rps(rb) / rps(ra)).toFixed(2)}×) |`;
  });
  const loadAfter = loadavg().map((n) => n.toFixed(2)).join(", ");
  console.log(`Node ${process.version}, ${pieces} pieces on the embedded database, ${connections} connections, ${rounds} rounds of ${duration} s per read and server, the order swapped each round; load average before ${loadBefore}, after ${loadAfter}.

| read | CPU ms per answer, round 1: default / liftoff-only | later rounds | req/s, all rounds |
|---|---|---|---|
${rows.join("\n")}

| memory | ${a.name} | ${b.name} |
|---|---|---|
| start peak (VmHWM when it answers) | ${a.startPeak} MB | ${b.startPeak} MB |
| idle 5 s after start (VmRSS) | ${a.idleRss} MB | ${b.idleRss} MB |
| peak under the reads (VmHWM) | ${a.loadPeak} MB | ${b.loadPeak} MB |`);
  rmSync(work, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
