/**
 * npm run bench [-- --quick] [--sizes 10k,100k,1m] [--pglite-max 1m] [--connections 32,64]
 *               [--duration 10] [--scale-out 100k|none] [--out BENCHMARKS.md]
 *
 * Seeds each size on PostgreSQL and on the embedded PGlite, starts the app on each, loads the
 * reads and the writes at each connection count, each followed by its own statements through
 * pgbench (its floor, floors.ts), EXPLAINs every listing query at the largest size, prints the tables and writes
 * BENCHMARKS.md; at one size (--scale-out; 100k by default) also PostgreSQL with two app
 * instances behind a round-robin proxy against one (scale.ts). --quick: 10k pieces only, 3 s per endpoint, written to
 * .tmp/bench/BENCHMARKS.quick.md (add --out BENCHMARKS.md to keep it). See BENCHMARKS.md.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { dropDatabase, findPostgres, freshDatabase, serverVersion, type Postgres } from "./cluster.ts";
import { explainAll, explainMarkdown } from "./explain.ts";
import { BENCH_PASSWORD, feedCursors, prepareFixture, readPieceIds } from "./fixture.ts";
import { runLoad, warmUp, type LoadResult } from "./load.ts";
import { captureFloors } from "./floors.ts";
import { runPgbench, writeScripts, type PgbenchResult } from "./pgbench.ts";
import { measureScaleOut, scaleMarkdown, type ScaleRun } from "./scale.ts";
import { ENGINE_NAMES, resultsMarkdown, type Engine, type EngineRun, type RunInfo, type SizeRun } from "./report.ts";
import { startServer } from "./server.ts";
import { READS, WRITES } from "./targets.ts";

const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const quick = argv.includes("--quick");
const SIZES: Record<string, number> = { "10k": 10_000, "100k": 100_000, "1m": 1_000_000 };
const sizeLabels = (option("sizes") ?? (quick ? "10k" : "10k,100k,1m")).toLowerCase().split(",");
for (const s of sizeLabels) if (!SIZES[s]) throw new Error(`--sizes: unknown size ${s} (10k, 100k, 1m)`);
const pgliteMax = SIZES[(option("pglite-max") ?? "").toLowerCase()] ?? Infinity;
const connections = (option("connections") ?? "32,64").split(",").map(Number);
/** One writer per connection, and the portfolio's owner. */
const writers = Math.max(...connections) + 1;
const duration = Number(option("duration") ?? (quick ? 3 : 10));
/** --only WORDS: just the endpoints whose name contains one of them (comma-separated), for a quick look. */
const only = option("only")?.split(",");
const chosen = (name: string) => !only || only.some((w) => name.includes(w));
/** The size at which two instances are measured against one ("none": not at all). */
const scaleOutSize = (option("scale-out") ?? (sizeLabels.includes("100k") ? "100k" : sizeLabels[0]!)).toLowerCase();
const engineList = (option("engines") ?? "postgres,pglite").split(",");
/** Where this run's part of BENCHMARKS.md ends: what follows is other benchmarks' and is kept. */
const BENCH_END = "<!-- bench:end: what follows is written by the other benchmarks (scripts/bench/README.md) and kept by npm run bench -->";
const out = resolve(option("out") ?? (quick ? ".tmp/bench/BENCHMARKS.quick.md" : "BENCHMARKS.md"));
const work = resolve(".tmp/bench");

const num = (n: number) => n.toLocaleString("en-US");
const load = () => loadavg().map((l) => l.toFixed(2)).join(", ");
const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).split("\n").slice(0, 3).join(" ");

/** Runs scripts/seed.ts in its own process; returns the seconds it took. */
function seed(pieces: number, env: Record<string, string>): number {
  const started = performance.now();
  const args = ["--import", "tsx", "scripts/seed.ts", "--pieces", String(pieces), "--sign-in", String(writers), "--password", BENCH_PASSWORD];
  const result = spawnSync(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`scripts/seed.ts exited with ${result.status}`);
  return (performance.now() - started) / 1000;
}

interface Measured {
  results: LoadResult[];
  floors: PgbenchResult[];
  floorFailures: string[];
}

/**
 * Starts the app on one engine and size and loads every endpoint: reads first (on the seeded
 * data), then writes. On PostgreSQL each endpoint's statements are captured first (floors.ts;
 * the writes before the reads, so a publish has emptied the feed cache and a visitor's first
 * page is captured as the miss it is without the cache), and after each app run of an endpoint
 * its statements go through pgbench at the same client count, the app idle.
 */
async function measure(engine: Engine, databaseUrl: string | undefined, dataDir: string, binDir: string): Promise<Measured> {
  const fromDb = await readPieceIds(databaseUrl, dataDir);
  const capture = engine === "postgres" && databaseUrl ? join(work, "statements.jsonl") : undefined;
  if (capture) writeFileSync(capture, "");
  const server = await startServer({ databaseUrl, dataDir, captureSql: capture });
  log(`${ENGINE_NAMES[engine]} app started at ${server.url}`);
  const out: Measured = { results: [], floors: [], floorFailures: [] };
  try {
    const fx = await prepareFixture(server.url, fromDb, writers);
    log(`${fx.cookies.length} writers signed in`);
    const floorDir = join(work, "floors");
    rmSync(floorDir, { recursive: true, force: true });
    const captured = capture ? await captureFloors(fx, server.pid, capture, [...WRITES, ...READS].filter((t) => chosen(t.name)), Math.max(...connections), WRITES[0]!) : [];
    // A floor of no statements (nothing to run) is left out.
    const floors = new Map(captured.filter((f) => f.statements > 0).map((f, i) => [f.target, { floor: f, scripts: writeScripts(f, floorDir, String(i).padStart(2, "0")) }]));
    if (capture) log(`statements per request: ${captured.map((f) => `${f.target} ${f.statements}${f.from === "miss" ? " (miss)" : ""}`).join("; ")}`);
    // The writes captured moved the feed's head: the cursors a reader is handed now.
    if (capture) Object.assign(fx, await feedCursors(server.url));
    await warmUp(fx, 3);
    for (const targets of [READS, WRITES]) {
      for (const [run, c] of connections.entries()) {
        for (const target of targets.filter((t) => chosen(t.name))) {
          const r = await runLoad(target, fx, server.pid, c, duration, run);
          log(`${ENGINE_NAMES[engine]}: ${target.name}, ${c} conns: ${r.rps} req/s, p99 ${r.p99} ms, ${r.errors} errors`);
          out.results.push(r);
          const f = floors.get(target.name);
          if (!f || !databaseUrl) continue;
          try {
            const floor = await runPgbench(binDir, databaseUrl, f.floor, f.scripts, c, duration);
            log(`  its floor: ${floor.tps} tps (${floor.statements} statements, ${floor.failed} failed)`);
            out.floors.push(floor);
          } catch (err) {
            out.floorFailures.push(`${target.name} at ${c}: ${errorText(err)}`);
          }
        }
      }
    }
    return out;
  } finally {
    await server.stop();
  }
}

async function runSize(pgServer: Postgres, label: string, largest: boolean): Promise<{ size: SizeRun; plans?: string; scale?: ScaleRun }> {
  const pieces = SIZES[label]!;
  const size: SizeRun = { label: label.replace("m", "M"), pieces, seedSeconds: {}, seedFailure: {}, engines: [], floor: [] };
  const pgUrl = await freshDatabase(pgServer, `inkwell_bench_${label}`);
  const pgAppDir = join(work, "postgres-app");
  const pgliteDir = join(work, `pglite-${label}`);
  let plans: string | undefined;
  let scale: ScaleRun | undefined;
  const engines: [Engine, string | undefined, string][] = [];
  if (engineList.includes("postgres")) engines.push(["postgres", pgUrl, pgAppDir]);
  if (engineList.includes("pglite") && pieces <= pgliteMax) engines.push(["pglite", undefined, pgliteDir]);
  for (const [engine, url, dir] of engines) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    log(`seeding ${num(pieces)} pieces on ${ENGINE_NAMES[engine]}`);
    try {
      size.seedSeconds[engine] = seed(pieces, { DATABASE_URL: url ?? "", DATA_DIR: dir });
      log(`seeded in ${size.seedSeconds[engine]!.toFixed(0)} s`);
    } catch (err) {
      size.seedFailure[engine] = errorText(err);
      size.engines.push({ engine, results: [], failure: `seeding failed (${errorText(err)})` });
      continue;
    }
    if (engine === "postgres" && largest) {
      log("EXPLAIN ANALYZE of the listing queries");
      plans = await explainAll(pgUrl, dir).then(explainMarkdown, (err: unknown) => `EXPLAIN failed: ${errorText(err)}`);
      log("plans done");
    }
    const run: EngineRun = { engine, results: [] };
    try {
      const measured = await measure(engine, url, dir, pgServer.binDir);
      run.results = measured.results;
      size.floor.push(...measured.floors);
      if (measured.floorFailures.length) size.floorFailure = measured.floorFailures.join("; ");
    } catch (err) {
      run.failure = errorText(err);
      log(`${ENGINE_NAMES[engine]} at ${size.label}: ${run.failure}`);
    }
    size.engines.push(run);
    if (engine === "postgres" && label === scaleOutSize && url) {
      log("scale out: one instance, then two, behind a round-robin proxy");
      const fromDb = await readPieceIds(url, dir);
      scale = await measureScaleOut({ label: size.label, databaseUrl: url, dataDir: dir, fromDb, writers, connections: Math.max(...connections), duration, log });
    }
    rmSync(dir, { recursive: true, force: true });
  }
  await dropDatabase(pgServer, `inkwell_bench_${label}`);
  return { size, plans, scale };
}

async function main() {
  const started = performance.now();
  const info: Partial<RunInfo> = {
    date: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC",
    command: `npm run bench${argv.length ? ` -- ${argv.join(" ")}` : ""}`,
    machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GB memory`,
    loadBefore: load(),
    durationSeconds: duration,
    connections,
    notes: [],
  };
  log(`load average ${info.loadBefore}; sizes ${sizeLabels.join(", ")}; ${connections.join(" and ")} connections, ${duration} s each`);
  mkdirSync(work, { recursive: true });
  const pgServer = await findPostgres();
  const stopAll = () => void pgServer.stop().finally(() => process.exit(130));
  process.once("SIGINT", stopAll);
  process.once("SIGTERM", stopAll);
  const sizes: SizeRun[] = [];
  let plans: string | undefined;
  let scale: ScaleRun | undefined;
  try {
    log(`PostgreSQL: ${pgServer.origin}`);
    const pglite = JSON.parse(readFileSync("node_modules/@electric-sql/pglite/package.json", "utf8")) as { version: string };
    info.software = `Node ${process.version}, ${await serverVersion(pgServer.adminUrl)}, PGlite ${pglite.version}, autocannon 9 (same machine), pgbench`;
    info.postgresOrigin = pgServer.origin.replace(/, port \d+/, "");
    for (const [i, label] of sizeLabels.entries()) {
      const r = await runSize(pgServer, label, i === sizeLabels.length - 1);
      sizes.push(r.size);
      plans = r.plans ?? plans;
      scale = r.scale ?? scale;
    }
  } finally {
    await pgServer.stop();
  }
  info.loadAfter = load();
  info.totalSeconds = (performance.now() - started) / 1000;
  if (pgliteMax < Infinity) info.notes!.push(`PGlite was run up to ${num(pgliteMax)} pieces only (--pglite-max).`);
  if (!engineList.includes("postgres") || !engineList.includes("pglite")) info.notes!.push(`Engines: ${engineList.join(", ")} only (--engines).`);
  const results = resultsMarkdown(info as RunInfo, sizes) + (scale ? `\n${scaleMarkdown(scale)}` : "");
  console.log(`\n${results}`);
  const intro = readFileSync(join(import.meta.dirname, "intro.md"), "utf8").trim();
  const planSection = plans ? `## Query plans at ${sizes.at(-1)!.label} pieces (PostgreSQL, \`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)\`)\n\n${plans}` : "";
  // Everything after BENCH_END is other runs' (export.ts, memory.ts, circles.ts, write-ins.ts, the
  // calendar's plan, Lighthouse): kept as it was. A file from before the marker keeps its export and memory sections.
  const previous = readFileSync(out, { encoding: "utf8", flag: "a+" });
  const at = previous.indexOf(BENCH_END);
  const kept =
    at >= 0
      ? previous.slice(at + BENCH_END.length)
      : ["export-bench", "memory-bench"]
          .map((name) => new RegExp(`<!-- ${name}:start -->[\\s\\S]*<!-- ${name}:end -->`).exec(previous)?.[0])
          .filter(Boolean)
          .map((section) => `\n${section}\n`)
          .join("");
  writeFileSync(out, `${intro}\n\n${results}\n${planSection}\n${BENCH_END}\n${kept.replace(/^\n+/, "\n")}`);
  log(`written to ${out}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
