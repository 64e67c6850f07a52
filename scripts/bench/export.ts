/**
 * The export benchmark (issue 15): one writer with 1,000 and with 10,000 pieces on PostgreSQL;
 * the Markdown archive, the EPUB of everything and "All my data" downloaded end to end through the app (a production
 * server in its own process, the body read to the last byte), their time, size and the server's
 * peak memory above what it held before the download.
 *
 *   npx tsx scripts/bench/export.ts [--sizes 1000,10000] [--write] [--cpu-prof]
 *
 * BENCH_DATABASE_URL names a PostgreSQL server to use (else a throwaway cluster is started).
 * `--write` puts the table into BENCHMARKS.md between the export-bench markers; `--cpu-prof`
 * writes the server's CPU profile to .tmp/bench/prof when it stops (open it in Chrome DevTools).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { dropDatabase, findPostgres, freshDatabase, serverVersion } from "./cluster.ts";
import { peakRssMb, resetPeakRss, startServer, type AppServer } from "./server.ts";

const args = process.argv.slice(2);
const sizesArg = args.includes("--sizes") ? args[args.indexOf("--sizes") + 1]! : "1000,10000";
const SIZES = sizesArg.split(",").map(Number);
const PASSWORD = "bench-password-2026";
/** The three whole-portfolio exports (the EPUB of everything, signed with the name). */
const EXPORTS = { md: "/api/me/export/markdown", epub: "/api/me/export/epub?scope=all&name=name", json: "/api/me/export/json" };

interface Row {
  n: number;
  md: Measure;
  epub: Measure;
  json: Measure;
}

/** Resident memory now (VmRSS), in MB. */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Math.round(Number(m[1]) / 1024) : 0;
}

async function signUp(url: string): Promise<{ cookie: string; id: string }> {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin: url, "content-type": "application/json", "x-forwarded-for": "10.9.9.9" },
    body: JSON.stringify({ name: "Bench Exporter", email: `exporter-${Date.now()}@bench.invalid`, password: PASSWORD, alias: null, timeZone: "UTC" }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string } };
  return { cookie: res.headers.getSetCookie().map((c) => c.split(";")[0]!).join("; "), id: body.user.id };
}

/** `n` pieces of about 300 words, one a day going back, in two statements. */
async function seed(databaseUrl: string, userId: string, n: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into prompts (text, date, kind) select 'Write about a door you have never opened, number ' || g, current_date - g, 'daily'
       from generate_series(1, $1::int) g on conflict (date) do nothing`,
      [n],
    );
    await client.query(
      `insert into submissions (user_id, prompt_id, content, title, word_count, pages_written, submission_type, is_private, local_date, created_at, updated_at, like_count)
       select $1::uuid, p.id,
              repeat('The lighthouse keeper counted the waves again tonight, ' || g || ' of them, and wrote each one down. ', 20),
              case when g % 5 = 0 then null else 'Night watch ' || g end,
              300, 1.2, (array['name','alias','anonymous'])[1 + g % 3], g % 7 = 0, current_date - g,
              (current_date - g)::timestamptz + interval '20 hours', (current_date - g)::timestamptz + interval '20 hours', g % 11
       from generate_series(1, $2::int) g join prompts p on p.date = current_date - g`,
      [userId, n],
    );
    await client.query("analyze submissions");
  } finally {
    await client.end();
  }
}

interface Measure {
  seconds: number;
  mb: number;
  peakGrowthMb: number | null;
}

/** One download, read to the end; the server's peak RSS above its RSS before it. */
async function download(server: AppServer, path: string, cookie: string): Promise<Measure> {
  const before = rssMb(server.pid);
  const resettable = resetPeakRss(server.pid);
  const started = performance.now();
  const res = await fetch(`${server.url}${path}`, { headers: { cookie, "x-forwarded-for": "10.9.9.9" } });
  if (!res.ok || !res.body) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  const reader = res.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.byteLength;
  const seconds = (performance.now() - started) / 1000;
  const peak = resettable ? peakRssMb(server.pid) : null;
  return { seconds, mb: bytes / (1024 * 1024), peakGrowthMb: peak === null ? null : peak - before };
}

/** Runs of each download measured; the median one is reported (the machine may be shared). */
const RUNS = 3;

/** The median of RUNS downloads by time (its memory with it), and the highest peak of them all. */
async function median(server: AppServer, path: string, cookie: string): Promise<Measure> {
  const runs: Measure[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await download(server, path, cookie));
  runs.sort((a, b) => a.seconds - b.seconds);
  const peaks = runs.map((r) => r.peakGrowthMb).filter((p) => p !== null);
  return { ...runs[Math.floor(RUNS / 2)]!, peakGrowthMb: peaks.length ? Math.max(...peaks) : null };
}

async function main() {
  const pgServer = await findPostgres();
  const rows: Row[] = [];
  let version = "";
  try {
    for (const n of SIZES) {
      const name = `inkwell_bench_export_${n}`;
      const url = await freshDatabase(pgServer, name);
      const dataDir = mkdtempSync(join(tmpdir(), "inkwell-export-bench-"));
      const nodeArgs = args.includes("--cpu-prof") ? ["--cpu-prof", "--cpu-prof-dir", ".tmp/bench/prof"] : [];
      const server = await startServer({ databaseUrl: url, dataDir, nodeArgs });
      try {
        version ||= await serverVersion(url);
        const writer = await signUp(server.url);
        await seed(url, writer.id, n);
        // One warm-up of each (module load, first plans), then the measured runs.
        for (const path of Object.values(EXPORTS)) await download(server, path, writer.cookie);
        const md = await median(server, EXPORTS.md, writer.cookie);
        const epub = await median(server, EXPORTS.epub, writer.cookie);
        const json = await median(server, EXPORTS.json, writer.cookie);
        rows.push({ n, md, epub, json });
        console.log(`${n} pieces: ${(["md", "epub", "json"] as const).map((k) => `${k} ${fmt(rows.at(-1)![k])}`).join("; ")}`);
      } finally {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
        await dropDatabase(pgServer, name);
      }
    }
  } finally {
    await pgServer.stop();
  }
  const table = report(rows, version);
  console.log(`\n${table}`);
  if (args.includes("--write")) writeSection(table);
}

const fmt = (m: Measure) => `${m.seconds.toFixed(2)} s | ${m.mb.toFixed(1)} MB | ${m.peakGrowthMb === null ? "n/a" : `+${m.peakGrowthMb} MB`}`;

function report(rows: Row[], version: string): string {
  const lines = [
    `${version}, one writer, pieces of about 300 words; each download read to its last byte through a production server (\`npx tsx scripts/bench/export.ts --write\`, ${new Date().toISOString().slice(0, 10)}; ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} at the end). Time: the median of ${RUNS} downloads after a warm-up; peak memory: the server's highest peak RSS during those downloads above its RSS before each.`,
    "",
    "| pieces | Markdown zip: time | size | peak RSS growth | EPUB: time | size | peak RSS growth | JSON: time | size | peak RSS growth |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map((r) => `| ${r.n.toLocaleString("en-US")} | ${fmt(r.md)} | ${fmt(r.epub)} | ${fmt(r.json)} |`),
  ];
  const [small, large] = [rows[0], rows.at(-1)];
  if (small && large && small !== large) {
    const sizes = `${small.n.toLocaleString("en-US")} → ${large.n.toLocaleString("en-US")}`;
    const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : "n/a");
    const mem = (m: Measure) => (m.peakGrowthMb === null ? "n/a" : `+${m.peakGrowthMb} MB`);
    const growth = (label: string, k: "md" | "epub" | "json") =>
      `| ${label} | ${ratio(large[k].seconds, small[k].seconds)} (${small[k].seconds.toFixed(2)} → ${large[k].seconds.toFixed(2)} s) | ${ratio(large[k].peakGrowthMb ?? 0, small[k].peakGrowthMb ?? 0)} (${mem(small[k])} → ${mem(large[k])}) |`;
    lines.push(
      "",
      `Growth, ${sizes} pieces (${large.n / small.n}× the pieces; time should grow about linearly, memory stay flat):`,
      "",
      `| export | time, ${sizes} | peak RSS growth, ${sizes} |`,
      "|---|---|---|",
      growth("Markdown zip", "md"),
      growth("EPUB", "epub"),
      growth("JSON", "json"),
    );
  }
  return lines.join("\n");
}

const START = "<!-- export-bench:start -->";
const END = "<!-- export-bench:end -->";

function writeSection(table: string): void {
  const file = "BENCHMARKS.md";
  const text = readFileSync(file, "utf8");
  const section = `${START}\n## Export: Markdown archive, EPUB and All my data (issue 15)\n\n${table}\n${END}`;
  const at = text.indexOf(START);
  writeFileSync(file, at >= 0 ? text.slice(0, at) + section + text.slice(text.indexOf(END) + END.length) : `${text.trimEnd()}\n\n${section}\n`);
}

await main();
