/**
 * A write-in of 500 writers under load (issue 30, "Tests": a load script, not a timed test).
 *
 *   npx tsx scripts/bench/write-ins.ts [--writers 500] [--duration 60]
 *
 * Seeds an embedded database with writers who can sign in (scripts/seed.ts), makes writer-1 an
 * admin (npm run admin), starts the production server (bench/server.ts), and has the admin
 * schedule a community write-in. Then every writer joins under their name and, as the page does,
 * sends their word count every 5 s and reads the panel every 2 s (each with its own jitter), all
 * from this one process. It reports:
 * - the panel's latency: from the moment the server accepted a writer's count to the moment each
 *   other writer's panel first shows it (the panel's own 2 s poll included), p50 and p99;
 * - what the server spent: its CPU over the run (utime + stime from /proc, as a share of one
 *   core) and its memory (VmRSS at the end, VmHWM), with the requests it answered and any errors.
 * The load generator shares the machine's cores with the server, so the figures are an upper bound.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { BENCH_PASSWORD, clientAddress, signIn } from "./fixture.ts";
import { peakRssMb, rssMb, startServer } from "./server.ts";

const argv = process.argv.slice(2);
const arg = (name: string, fallback: number) => (argv.includes(`--${name}`) ? Number(argv[argv.indexOf(`--${name}`) + 1]) : fallback);
const WRITERS = arg("writers", 500);
const DURATION_S = arg("duration", 60);
const COUNT_EVERY_MS = 5_000;
const PANEL_EVERY_MS = 2_000;
const dataDir = ".tmp/bench-write-ins";
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

async function main() {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
  log(`seeding ${WRITERS + 1} writers who can sign in`);
  run(["scripts/seed.ts", "--pieces", "1000", "--writers", String(WRITERS + 1), "--sign-in", String(WRITERS + 1), "--password", BENCH_PASSWORD], env);
  run(["scripts/admin.ts", "grant", "writer-1@seed.inkwell.invalid"], env);
  const server = await startServer({ dataDir });
  try {
    const url = server.url;
    log(`server ${url} (pid ${server.pid}); signing in`);
    const cookies: string[] = [];
    for (let n = 0; n <= WRITERS; n += 8) cookies.push(...(await Promise.all(Array.from({ length: Math.min(8, WRITERS + 1 - n) }, (_, k) => signIn(url, n + k)))));
    const headers = (i: number) => ({ origin: url, "content-type": "application/json", cookie: cookies[i]!, "x-forwarded-for": clientAddress(i) });
    const post = (i: number, path: string, body: unknown) => fetch(`${url}${path}`, { method: "POST", headers: headers(i), body: JSON.stringify(body) });

    const startsAt = new Date(Date.now() + 5_000);
    const made = await post(0, "/api/write-ins", { circle: null, title: "Load write-in", startsAt: startsAt.toISOString(), lengthMinutes: 60 });
    if (made.status !== 201) throw new Error(`scheduling: ${made.status} ${await made.text()}`);
    const id = ((await made.json()) as { writeIn: { id: string } }).writeIn.id;
    await sleep(startsAt.getTime() - Date.now() + 200);

    // Writer i (1..WRITERS) joins under their name, and finds their own seat on the panel (`you`).
    for (let i = 1; i <= WRITERS; i += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, WRITERS + 1 - i) }, async (_, k) => {
          const res = await post(i + k, `/api/write-ins/${id}/join`, { signature: "name" });
          if (res.status !== 200) throw new Error(`join ${i + k}: ${res.status} ${await res.text()}`);
        }),
      );
    }
    type Panel = { named: { seat: number; words: number; you: boolean }[] };
    const panelOf = async (i: number) => (await (await fetch(`${url}/api/write-ins/${id}/panel`, { headers: headers(i) })).json()) as Panel;
    const seats = new Map<number, number>();
    for (let i = 1; i <= WRITERS; i += 20) {
      const batch = Array.from({ length: Math.min(20, WRITERS + 1 - i) }, (_, k) => i + k);
      for (const [k, p] of (await Promise.all(batch.map(panelOf))).entries()) seats.set(batch[k]!, p.named.find((n) => n.you)!.seat);
    }
    log(`${seats.size} writers joined; running ${DURATION_S} s`);

    // When the server accepted each (seat, words): the panel's latency is measured from there.
    const accepted = new Map<string, number>();
    const latencies: number[] = [];
    let requests = 0;
    let errors = 0;
    const cpu0 = cpuSeconds(server.pid);
    const t0 = Date.now();
    const until = t0 + DURATION_S * 1000;
    const writer = async (i: number) => {
      const seat = seats.get(i)!;
      let words = 0;
      const seen = new Map<number, number>();
      let nextCount = Date.now() + Math.random() * COUNT_EVERY_MS;
      let nextPanel = Date.now() + Math.random() * PANEL_EVERY_MS;
      while (Date.now() < until) {
        const now = Date.now();
        if (now >= nextCount) {
          nextCount += COUNT_EVERY_MS;
          words += 3 + Math.floor(Math.random() * 20);
          const res = await post(i, `/api/write-ins/${id}/count`, { words }).catch(() => null);
          requests++;
          if (res?.status === 200) {
            const kept = ((await res.json()) as { words: number }).words;
            accepted.set(`${seat}:${kept}`, Date.now());
          } else if (res?.status !== 429) errors++;
        } else if (now >= nextPanel) {
          nextPanel += PANEL_EVERY_MS;
          const res = await fetch(`${url}/api/write-ins/${id}/panel`, { headers: headers(i) }).catch(() => null);
          requests++;
          if (!res || res.status !== 200) {
            errors++;
            continue;
          }
          const seenAt = Date.now();
          const body = (await res.json()) as Panel;
          for (const n of body.named) {
            if (n.seat === seat || (seen.get(n.seat) ?? 0) >= n.words) continue;
            seen.set(n.seat, n.words);
            const at = accepted.get(`${n.seat}:${n.words}`);
            if (at !== undefined && seenAt >= at) latencies.push(seenAt - at);
          }
        } else await sleep(Math.min(nextCount, nextPanel) - now);
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, k) => writer(k + 1)));
    const wall = (Date.now() - t0) / 1000;
    const cpu = cpuSeconds(server.pid) - cpu0;
    latencies.sort((a, b) => a - b);
    console.log(`\n### A write-in of ${WRITERS} writers, ${DURATION_S} s (embedded PGlite, one instance)\n`);
    console.log(`| measure | value |\n|---|---|`);
    console.log(`| requests answered (counts every ${COUNT_EVERY_MS / 1000} s, panels every ${PANEL_EVERY_MS / 1000} s) | ${requests} (${(requests / wall).toFixed(0)}/s), ${errors} errors |`);
    console.log(`| panel latency, accepted count to another writer's panel (${latencies.length} observations) | p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms, max ${latencies.at(-1)} ms |`);
    console.log(`| server CPU over the run | ${((cpu / wall) * 100).toFixed(0)}% of one core |`);
    console.log(`| server memory | VmRSS ${rssMb(server.pid)} MB at the end, VmHWM ${peakRssMb(server.pid)} MB |`);
  } finally {
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
