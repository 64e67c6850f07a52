/**
 * A write-in of 500 writers under load (issue 30, "Tests": a load script, not a timed test).
 *
 *   npx tsx scripts/bench/write-ins.ts [--writers 500] [--duration 60] [--postgres [--instances 2]]
 *
 * Seeds a database with writers who can sign in (scripts/seed.ts): the embedded PGlite, or with
 * --postgres a fresh database on BENCH_DATABASE_URL's server or a throwaway cluster (cluster.ts).
 * Makes writer-1 an admin, starts the production server (bench/server.ts) — with --instances N,
 * N of them on the one PostgreSQL database — and has the admin schedule a community write-in.
 * Then every writer joins under their name on instance (i mod N) and, as the page does, opens the
 * panel's live stream there (GET .../panel/stream: a whole panel, then a delta a tick) and sends
 * their word count every 5 s (each with its own jitter), all from this one process. With two
 * instances, half the counts are written on the other instance than the one a panel listens to:
 * the latency includes the short-interval table read that carries them across. It reports:
 * - the panel's latency: from the moment the server accepted a writer's count to the moment each
 *   other writer's stream brings it, p50 and p99;
 * - what each server spent: its CPU over the run (utime + stime from /proc, as a share of one
 *   core) and its memory (VmRSS at the end, VmHWM), with the requests answered and any errors.
 * The load generator shares the machine's cores with the servers, so the figures are an upper bound.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { dropDatabase, findPostgres, freshDatabase, type Postgres } from "./cluster.ts";
import { BENCH_PASSWORD, clientAddress, signIn } from "./fixture.ts";
import { peakRssMb, rssMb, startServer, type AppServer } from "./server.ts";

const argv = process.argv.slice(2);
const arg = (name: string, fallback: number) => (argv.includes(`--${name}`) ? Number(argv[argv.indexOf(`--${name}`) + 1]) : fallback);
const WRITERS = arg("writers", 500);
const DURATION_S = arg("duration", 60);
const POSTGRES = argv.includes("--postgres");
const INSTANCES = POSTGRES ? arg("instances", 1) : 1;
const COUNT_EVERY_MS = 5_000;
const dataDir = ".tmp/bench-write-ins";
const DB_NAME = "inkwell_bench_write_ins";
const log = (msg: string) => console.log(`[write-ins ${new Date().toISOString().slice(11, 19)}] ${msg}`);

function run(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ["--import", "tsx", ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`${args[0]} exited with ${result.status}`);
}

/** utime + stime of a process so far, in seconds (/proc/PID/stat fields 14 and 15, in clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Named = { seat: number; words: number };

/** Reads a panel stream's frames (`event: panel` / `event: delta`) and hands each frame's named entries to `onNamed`. */
async function readStream(res: Response, onNamed: (named: Named[]) => void, until: number): Promise<void> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const stop = setTimeout(() => void reader.cancel().catch(() => undefined), Math.max(0, until - Date.now()));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = block.split("\n").find((l) => l.startsWith("data: "));
        if (data) onNamed((JSON.parse(data.slice(6)) as { named: Named[] }).named);
      }
    }
  } catch {
    // Cancelled at the end of the run.
  } finally {
    clearTimeout(stop);
  }
}

async function main() {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let pgServer: Postgres | null = null;
  let databaseUrl = "";
  if (POSTGRES) {
    pgServer = await findPostgres();
    databaseUrl = await freshDatabase(pgServer, DB_NAME);
    log(`PostgreSQL: ${pgServer.origin}`);
  }
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
  const servers: AppServer[] = [];
  try {
    log(`seeding ${WRITERS + 1} writers who can sign in`);
    run(["scripts/seed.ts", "--pieces", "1000", "--writers", String(WRITERS + 1), "--sign-in", String(WRITERS + 1), "--password", BENCH_PASSWORD], env);
    run(["scripts/admin.ts", "grant", "writer-1@seed.inkwell.invalid"], env);
    for (let n = 0; n < INSTANCES; n++) servers.push(await startServer({ dataDir, databaseUrl: databaseUrl || undefined }));
    const urlOf = (i: number) => servers[i % INSTANCES]!.url;
    log(`${INSTANCES} server(s): ${servers.map((s) => `${s.url} (pid ${s.pid})`).join(", ")}; signing in`);
    const cookies: string[] = [];
    for (let n = 0; n <= WRITERS; n += 8) cookies.push(...(await Promise.all(Array.from({ length: Math.min(8, WRITERS + 1 - n) }, (_, k) => signIn(urlOf(n + k), n + k)))));
    const headers = (i: number) => ({ origin: urlOf(i), "content-type": "application/json", cookie: cookies[i]!, "x-forwarded-for": clientAddress(i) });
    const post = (i: number, path: string, body: unknown) => fetch(`${urlOf(i)}${path}`, { method: "POST", headers: headers(i), body: JSON.stringify(body) });

    const startsAt = new Date(Date.now() + 5_000);
    const made = await post(0, "/api/write-ins", { circle: null, title: "Load write-in", startsAt: startsAt.toISOString(), lengthMinutes: 60 });
    if (made.status !== 201) throw new Error(`scheduling: ${made.status} ${await made.text()}`);
    const id = ((await made.json()) as { writeIn: { id: string } }).writeIn.id;
    await sleep(startsAt.getTime() - Date.now() + 200);

    // Writer i (1..WRITERS) joins under their name; the answer names their seat.
    const seats = new Map<number, number>();
    for (let i = 1; i <= WRITERS; i += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, WRITERS + 1 - i) }, async (_, k) => {
          const res = await post(i + k, `/api/write-ins/${id}/join`, { signature: "name" });
          if (res.status !== 200) throw new Error(`join ${i + k}: ${res.status} ${await res.text()}`);
          seats.set(i + k, ((await res.json()) as { seat: number }).seat);
        }),
      );
    }
    log(`${seats.size} writers joined; opening their panels' streams`);

    // When the server accepted each (seat, words): the panel's latency is measured from there.
    const accepted = new Map<string, number>();
    const latencies: number[] = [];
    let requests = 0;
    let errors = 0;
    let frames = 0;
    const cpu0 = servers.map((s) => cpuSeconds(s.pid));
    const t0 = Date.now();
    const until = t0 + DURATION_S * 1000;
    const listen = async (i: number) => {
      const seat = seats.get(i)!;
      const seen = new Map<number, number>();
      const res = await fetch(`${urlOf(i)}/api/write-ins/${id}/panel/stream`, { headers: headers(i) });
      if (res.status !== 200) {
        errors++;
        return;
      }
      await readStream(
        res,
        (named) => {
          frames++;
          const at = Date.now();
          for (const n of named) {
            if (n.seat === seat || (seen.get(n.seat) ?? 0) >= n.words) continue;
            seen.set(n.seat, n.words);
            const sent = accepted.get(`${n.seat}:${n.words}`);
            if (sent !== undefined && at >= sent) latencies.push(at - sent);
          }
        },
        until,
      );
    };
    const write = async (i: number) => {
      const seat = seats.get(i)!;
      let words = 0;
      let next = Date.now() + Math.random() * COUNT_EVERY_MS;
      while (next < until) {
        await sleep(next - Date.now());
        next += COUNT_EVERY_MS;
        words += 3 + Math.floor(Math.random() * 20);
        const res = await post(i, `/api/write-ins/${id}/count`, { words }).catch(() => null);
        requests++;
        if (res?.status === 200) {
          const kept = ((await res.json()) as { words: number }).words;
          accepted.set(`${seat}:${kept}`, Date.now());
        } else if (res?.status !== 429) errors++;
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, k) => k + 1);
    await Promise.all([...writers.map(listen), ...writers.map(write)]);
    const wall = (Date.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    const where = POSTGRES ? `PostgreSQL, ${INSTANCES} instance${INSTANCES > 1 ? "s" : ""}` : "embedded PGlite, one instance";
    console.log(`\n### A write-in of ${WRITERS} writers, ${DURATION_S} s (${where})\n`);
    console.log(`| measure | value |\n|---|---|`);
    console.log(`| counts sent (every ${COUNT_EVERY_MS / 1000} s each) | ${requests} (${(requests / wall).toFixed(0)}/s), ${errors} errors |`);
    console.log(`| panel streams open, frames received | ${WRITERS}, ${frames} (${(frames / wall / WRITERS).toFixed(2)} a second each) |`);
    console.log(`| panel latency, accepted count to another writer's stream (${latencies.length} observations) | p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms, max ${latencies.at(-1)} ms |`);
    servers.forEach((s, n) => {
      const name = INSTANCES > 1 ? `instance ${n + 1}` : "server";
      console.log(`| ${name} CPU over the run | ${(((cpuSeconds(s.pid) - cpu0[n]!) / wall) * 100).toFixed(0)}% of one core |`);
      console.log(`| ${name} memory | VmRSS ${rssMb(s.pid)} MB at the end, VmHWM ${peakRssMb(s.pid)} MB |`);
    });
  } finally {
    for (const s of servers) await s.stop();
    if (pgServer) {
      await dropDatabase(pgServer, DB_NAME).catch(() => undefined);
      await pgServer.stop();
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
