/**
 * BENCHMARKS.md from a run's results: the machine, the seeding, a table per engine and size,
 * the ratios (to the pgbench floor, and cost growth from the smallest to the largest size), and
 * the query plans.
 */
import type { LoadResult } from "./load.ts";
import type { PgbenchResult } from "./pgbench.ts";

export type Engine = "postgres" | "pglite";
export const ENGINE_NAMES: Record<Engine, string> = { postgres: "PostgreSQL", pglite: "embedded PGlite" };

export interface EngineRun {
  engine: Engine;
  results: LoadResult[];
  /** Why this engine could not be measured at this size. */
  failure?: string;
}

export interface SizeRun {
  label: string;
  pieces: number;
  seedSeconds: Partial<Record<Engine, number>>;
  seedFailure: Partial<Record<Engine, string>>;
  engines: EngineRun[];
  floor: PgbenchResult[];
  floorFailure?: string;
}

export interface RunInfo {
  date: string;
  command: string;
  machine: string;
  software: string;
  postgresOrigin: string;
  loadBefore: string;
  loadAfter: string;
  durationSeconds: number;
  connections: number[];
  totalSeconds: number;
  notes: string[];
}

const num = (n: number) => n.toLocaleString("en-US");
const ratio = (r: number) => `${r.toFixed(2)}×`;

function floorOf(size: SizeRun, target: string, connections: number): PgbenchResult | undefined {
  return size.floor.find((f) => f.target === target && f.clients === connections);
}

function engineTable(size: SizeRun, run: EngineRun): string {
  const head = `### ${ENGINE_NAMES[run.engine]}, ${size.label} pieces`;
  if (run.failure) return `${head}\n\nNot measured: ${run.failure}\n`;
  const lines = [head, "", "| endpoint | conns | req/s | p50 ms | p99 ms | errors | peak RSS MB | × floor |", "|---|---|---|---|---|---|---|---|"];
  for (const r of run.results) {
    const floor = floorOf(size, r.target, r.connections);
    const toFloor = floor ? ratio(r.rps / floor.tps) : "";
    lines.push(`| ${r.target} | ${r.connections} | ${num(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.peakRssMb ?? "?"} | ${toFloor} |`);
  }
  if (run.engine === "postgres" && size.floorFailure) lines.push(`\npgbench failed: ${size.floorFailure}`);
  for (const r of run.results.filter((x) => x.errors > 0)) {
    const kinds = [`${r.timeouts} time-outs`, `${r.non2xx} non-2xx`, `${r.errors - r.timeouts - r.non2xx} connection errors`].filter((k) => !k.startsWith("0 "));
    const samples = r.samples.map((s) => `\`${s.replace(/`/g, "'")}\``).join("; ");
    lines.push(`\n${r.target} at ${r.connections} connections: ${kinds.join(", ")}${samples ? `; for example ${samples}` : ""}.`);
  }
  return `${lines.join("\n")}\n`;
}

/** Every endpoint with a floor: the app's req/s on each engine ÷ its own statements' tps through pgbench. */
function floorTable(sizes: SizeRun[]): string {
  const lines = [
    "| pieces | endpoint | conns | statements | floor (pgbench tps) | PostgreSQL req/s | app ÷ floor | PGlite req/s | PGlite ÷ floor |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const size of sizes) {
    for (const floor of size.floor) {
      const cell = (engine: Engine) => {
        const r = size.engines.find((e) => e.engine === engine)?.results.find((x) => x.connections === floor.clients && x.target === floor.target);
        return r ? [num(r.rps), floor.tps > 0 ? ratio(r.rps / floor.tps) : "—"] : ["—", "—"];
      };
      const statements = `${floor.statements}${floor.from === "miss" ? " (a miss)" : ""}${floor.prepared ? " (prepared)" : ""}`;
      const tps = `${num(floor.tps)}${floor.failed ? ` (${floor.failed} failed)` : ""}`;
      lines.push(`| ${size.label} | ${floor.target} | ${floor.clients} | ${statements} | ${tps} | ${cell("postgres").join(" | ")} | ${cell("pglite").join(" | ")} |`);
    }
  }
  return lines.join("\n");
}

/** req/s at the smallest size ÷ req/s at the largest: 1.00× is flat cost, 2× is half the speed. */
function growthTable(sizes: SizeRun[], connections: number[]): string {
  const small = sizes[0];
  const large = sizes.at(-1);
  if (!small || !large || small === large) return "Only one size was run: no growth to show.";
  const columns = (["postgres", "pglite"] as Engine[]).flatMap((engine) => connections.map((c) => ({ engine, c })));
  const names = [...new Set(small.engines.flatMap((e) => e.results.map((r) => r.target)))];
  const find = (size: SizeRun, engine: Engine, c: number, name: string) =>
    size.engines.find((e) => e.engine === engine)?.results.find((r) => r.connections === c && r.target === name);
  const lines = [
    `| endpoint | ${columns.map(({ engine, c }) => `${ENGINE_NAMES[engine]}, ${c} conns`).join(" | ")} |`,
    `|---|${columns.map(() => "---").join("|")}|`,
  ];
  for (const name of names) {
    const cells = columns.map(({ engine, c }) => {
      const a = find(small, engine, c, name);
      const b = find(large, engine, c, name);
      return a && b && b.rps > 0 ? `${ratio(a.rps / b.rps)} (${num(a.rps)} → ${num(b.rps)})` : "—";
    });
    lines.push(`| ${name} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

function seedTable(sizes: SizeRun[]): string {
  const cell = (s: SizeRun, e: Engine) => (s.seedFailure[e] ? `failed: ${s.seedFailure[e]}` : s.seedSeconds[e] !== undefined ? `${s.seedSeconds[e]!.toFixed(0)} s` : "—");
  return ["| pieces | PostgreSQL | PGlite |", "|---|---|---|", ...sizes.map((s) => `| ${s.label} | ${cell(s, "postgres")} | ${cell(s, "pglite")} |`)].join("\n");
}

/** The measured part: what the command prints at the end. */
export function resultsMarkdown(info: RunInfo, sizes: SizeRun[]): string {
  const largest = sizes.at(-1)?.label ?? "?";
  return [
    "## Latest run",
    "",
    `- Date: ${info.date}; command: \`${info.command}\`; ${info.durationSeconds} s per endpoint and connection count; whole run ${Math.round(info.totalSeconds / 60)} min.`,
    `- Machine: ${info.machine}.`,
    `- Software: ${info.software}; PostgreSQL from: ${info.postgresOrigin}.`,
    `- Load average (1, 5, 15 min) before: ${info.loadBefore}; after: ${info.loadAfter}.`,
    ...info.notes.map((n) => `- ${n}`),
    "",
    "Seeding (`scripts/seed.ts`, including index builds, VACUUM and ANALYZE):",
    "",
    seedTable(sizes),
    "",
    ...sizes.flatMap((s) => s.engines.map((e) => engineTable(s, e))),
    "## Each endpoint against its floor",
    "",
    "Each endpoint through the app, divided by its own statements (captured from the app, `scripts/bench/floors.ts`) through pgbench on the same database at the same client count, run right after the app's run of it. \"a miss\": a cached page sends no SQL, so its floor is what its first request sent. \"prepared\": the app sent its statements as named prepared statements, and pgbench ran them with `--protocol=prepared`. Writes run rolled back (no commit flush), so their ratio is a lower bound.",
    "",
    floorTable(sizes),
    "",
    `## Cost growth, ${sizes.length > 1 ? `${sizes[0]!.label} → ${largest} pieces` : "by size"}`,
    "",
    ...(sizes.length > 1 ? [`req/s at ${sizes[0]!.label} ÷ req/s at ${largest} (1.00× is flat; the goal is ≤ 1.3× for every read).`, ""] : []),
    growthTable(sizes, info.connections),
    "",
  ].join("\n");
}
