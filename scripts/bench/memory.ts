/**
 * The server's memory (issue 26 item 1): resident memory (VmRSS) and its peak (VmHWM) of the
 * built server as `npm start` runs it (`node scripts/start.mjs`: the server is that process, the
 * embedded database's thread included), on each engine:
 *
 * - first start on an empty data folder (migrations, the seed): peak when it answers, then resident
 *   after --idle seconds without requests;
 * - the first requests (home page and community page rendered on the server, the feed, today's
 *   prompt; with --pieces also a piece's social image and writer-1's EPUB): peak, then resident
 *   after --idle seconds;
 * - a restart on the same data: peak when it answers, resident after --idle seconds;
 * - with --pieces N (seeded with scripts/seed.ts first): the peak under the benchmark's reads
 *   (scripts/bench/targets.ts, 32 connections, --duration seconds each).
 *
 *   npx tsx scripts/bench/memory.ts [--engines pglite,postgres] [--pieces 100000] [--idle 10]
 *                                   [--duration 10] [--write]
 *
 * PostgreSQL: BENCH_DATABASE_URL or a throwaway cluster (scripts/bench/cluster.ts). Prints a
 * Markdown table; --write also puts it in BENCHMARKS.md's memory section.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { dropDatabase, findPostgres, freshDatabase } from "./cluster.ts";
import { BENCH_PASSWORD, prepareFixture, readPieceIds } from "./fixture.ts";
import { runLoad } from "./load.ts";
import { peakRssMb, resetPeakRss, rssMb, startServer, type AppServer } from "./server.ts";
import { READS } from "./targets.ts";

const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const engines = (option("engines") ?? "pglite,postgres").split(",") as ("pglite" | "postgres")[];
const pieces = Number((option("pieces") ?? "0").replace(/k$/i, "000"));
const idleSeconds = Number(option("idle") ?? 10);
const duration = Number(option("duration") ?? 10);
const LOAD_CONNECTIONS = 32;
const work = resolve(".tmp/bench/memory");
const log = (msg: string) => console.error(`[memory ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const ENGINE = { pglite: "embedded PGlite", postgres: "PostgreSQL" } as const;

interface Figures {
  startPeak: number | null;
  idle: number | null;
  firstPeak: number | null;
  firstIdle: number | null;
  restartPeak: number | null;
  restartIdle: number | null;
  loadPeak: number | null;
}

const idle = () => new Promise((r) => setTimeout(r, idleSeconds * 1000));

async function get(server: AppServer, path: string, headers: Record<string, string> = {}): Promise<void> {
  const res = await fetch(server.url + path, { headers: { "accept-encoding": "gzip", ...headers } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
}

async function signIn(server: AppServer): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/json" },
    body: JSON.stringify({ email: "writer-1@seed.inkwell.invalid", password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`signing in writer-1: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}

/** The first requests a fresh server gets; with seeded pieces also the rare, heavy ones. */
async function firstRequests(server: AppServer, pieceId: string | undefined): Promise<void> {
  for (const path of ["/", "/community", "/api/community/feed", "/api/prompts/today", "/api/health"]) await get(server, path);
  if (!pieceId) return;
  await get(server, `/api/og/${pieceId}.png`);
  await get(server, `/submission/${pieceId}`);
  await get(server, "/api/me/export/epub", { cookie: await signIn(server) });
}

function seed(env: Record<string, string>): void {
  const args = ["--import", "tsx", "scripts/seed.ts", "--pieces", String(pieces), "--sign-in", String(LOAD_CONNECTIONS + 1), "--password", BENCH_PASSWORD];
  const result = spawnSync(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error(`scripts/seed.ts exited with ${result.status}`);
}

async function measure(engine: "pglite" | "postgres", databaseUrl: string | undefined): Promise<Figures> {
  const dataDir = join(work, engine);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let fromDb: Awaited<ReturnType<typeof readPieceIds>> | null = null;
  if (pieces > 0) {
    log(`${ENGINE[engine]}: seeding ${pieces} pieces`);
    seed({ DATABASE_URL: databaseUrl ?? "", DATA_DIR: dataDir });
    // Read before the server starts: the embedded database has one owner.
    fromDb = await readPieceIds(databaseUrl, dataDir);
  }
  const f = {} as Figures;
  let server = await startServer({ databaseUrl, dataDir, built: true });
  try {
    f.startPeak = peakRssMb(server.pid);
    await idle();
    f.idle = rssMb(server.pid);
    log(`${ENGINE[engine]}: start peak ${f.startPeak} MB, idle ${f.idle} MB`);
    await firstRequests(server, fromDb?.pieceIds[0]);
    f.firstPeak = peakRssMb(server.pid);
    await idle();
    f.firstIdle = rssMb(server.pid);
    log(`${ENGINE[engine]}: after the first requests: peak ${f.firstPeak} MB, idle ${f.firstIdle} MB`);
  } finally {
    await server.stop();
  }
  server = await startServer({ databaseUrl, dataDir, built: true });
  try {
    f.restartPeak = peakRssMb(server.pid);
    await idle();
    f.restartIdle = rssMb(server.pid);
    log(`${ENGINE[engine]}: restart peak ${f.restartPeak} MB, idle ${f.restartIdle} MB`);
    f.loadPeak = null;
    if (fromDb) {
      const fx = await prepareFixture(server.url, fromDb, LOAD_CONNECTIONS + 1);
      resetPeakRss(server.pid);
      let peak = 0;
      for (const target of READS) {
        const r = await runLoad(target, fx, server.pid, LOAD_CONNECTIONS, duration, 0);
        peak = Math.max(peak, r.peakRssMb ?? 0);
        log(`${ENGINE[engine]}: ${target.name}: ${r.rps} req/s, peak ${r.peakRssMb} MB`);
      }
      f.loadPeak = peak;
    }
  } finally {
    await server.stop();
  }
  rmSync(dataDir, { recursive: true, force: true });
  return f;
}

function table(results: [string, Figures][]): string {
  const mb = (n: number | null) => (n === null ? "–" : `${n}`);
  const lines = [
    "| engine | first start: peak | idle | first requests: peak | idle after | restart: peak | idle | under load: peak |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const [name, f] of results) {
    lines.push(`| ${name} | ${mb(f.startPeak)} | ${mb(f.idle)} | ${mb(f.firstPeak)} | ${mb(f.firstIdle)} | ${mb(f.restartPeak)} | ${mb(f.restartIdle)} | ${mb(f.loadPeak)} |`);
  }
  return lines.join("\n");
}

async function main() {
  mkdirSync(work, { recursive: true });
  const loadBefore = loadavg().map((l) => l.toFixed(2)).join(", ");
  const results: [string, Figures][] = [];
  const pgServer = engines.includes("postgres") ? await findPostgres() : null;
  try {
    for (const engine of engines) {
      let url: string | undefined;
      if (engine === "postgres") url = await freshDatabase(pgServer!, "inkwell_bench_memory");
      results.push([ENGINE[engine], await measure(engine, url)]);
      if (engine === "postgres") await dropDatabase(pgServer!, "inkwell_bench_memory");
    }
  } finally {
    await pgServer?.stop();
  }
  const command = `npx tsx scripts/bench/memory.ts${argv.length ? ` ${argv.join(" ")}` : ""}`;
  const head = [
    `Resident memory (VmRSS) and its peak (VmHWM) of the built server, MB; \`${command}\`, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC;`,
    `${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GB; Node ${process.version}; load average before: ${loadBefore}.`,
    `Idle: after ${idleSeconds} s without requests.${pieces > 0 ? ` ${pieces} pieces; under load: the benchmark's reads at ${LOAD_CONNECTIONS} connections, ${duration} s each.` : " An empty data folder (no pieces)."}`,
  ].join(" ");
  const out = `${head}\n\n${table(results)}\n`;
  console.log(out);
  if (argv.includes("--write")) {
    const file = resolve("BENCHMARKS.md");
    const text = readFileSync(file, "utf8");
    // The section (its heading inside the markers) is kept by `npm run bench` (run.ts), which writes the rest.
    const section = `<!-- memory-bench:start -->\n## Memory (issue 26 item 1)\n\n${out}<!-- memory-bench:end -->`;
    const re = /<!-- memory-bench:start -->[\s\S]*<!-- memory-bench:end -->/;
    writeFileSync(file, re.test(text) ? text.replace(re, section) : `${text.trimEnd()}\n\n${section}\n`);
    log("written to BENCHMARKS.md");
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
