/**
 * The floor of one endpoint: its own statements (captured by floors.ts) through pgbench, with as
 * many clients as the app had connections, for as long, on the same database, right after the
 * app's run of that endpoint (the app idle meanwhile). The app sends the same statements per
 * request, so without a cache it cannot be faster than this.
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { binary } from "./cluster.ts";
import type { Floor } from "./floors.ts";

export interface PgbenchResult {
  target: string;
  clients: number;
  tps: number;
  latencyMs: number | null;
  failed: number;
  /** Statements per request, and whether they are a repeated request's or the first's (floors.ts). */
  statements: number;
  from: Floor["from"];
  /** Run with --protocol=prepared (floors.ts). */
  prepared: boolean;
}

/** Writes the floor's scripts into `dir`; returns their paths. */
export function writeScripts(floor: Floor, dir: string, slug: string): string[] {
  mkdirSync(dir, { recursive: true });
  return floor.scripts.map((script, i) => {
    const path = join(dir, `${slug}-${i}.sql`);
    writeFileSync(path, script);
    return path;
  });
}

interface Run {
  tps: number;
  latencyMs: number | null;
  failed: number;
}

async function pgbench(binDir: string, args: string[]): Promise<Run> {
  const output = await new Promise<string>((resolve, reject) => {
    // The app's connections turn JIT off (db/postgres.ts): the floor's sessions do the same, or a
    // search's floor would pay the compilation the app no longer pays.
    const env = { ...process.env, PGOPTIONS: `${process.env.PGOPTIONS ?? ""} -c jit=off`.trim() };
    const child = spawn(binary(binDir, "pgbench"), args, { stdio: ["ignore", "pipe", "pipe"], env });
    let text = "";
    child.stdout.on("data", (d: Buffer) => (text += d.toString()));
    child.stderr.on("data", (d: Buffer) => (text += d.toString()));
    child.on("error", reject);
    // "close", not "exit": at "exit" its output may not all have been read yet (the tps line comes
    // last), which lost floors now and then when many pgbench processes ran side by side.
    child.on("close", (code) => (code === 0 ? resolve(text) : reject(new Error(`pgbench exited with ${code}:\n${text.slice(-2000)}`))));
  });
  const tps = /tps = ([\d.]+)/.exec(output)?.[1];
  if (!tps) throw new Error(`pgbench printed no tps:\n${output.slice(-2000)}`);
  const latency = /latency average = ([\d.]+) ms/.exec(output)?.[1];
  const failed = /number of failed transactions: (\d+)/.exec(output)?.[1];
  return { tps: Number(tps), latencyMs: latency ? Number(latency) : null, failed: Number(failed ?? 0) };
}

/**
 * pgbench -c CLIENTS -T SECONDS over `scripts` (one picked at random per transaction); for a
 * floor with one script per client, CLIENTS pgbench processes of one client each, side by side,
 * their tps added up. `url` names the database.
 */
export async function runPgbench(binDir: string, url: string, floor: Floor, scripts: string[], clients: number, seconds: number): Promise<PgbenchResult> {
  const common = ["--no-vacuum", "--time", String(seconds), ...(floor.prepared ? ["--protocol", "prepared"] : [])];
  const runs = floor.perClient
    ? await Promise.all(Array.from({ length: clients }, (_, i) => pgbench(binDir, [...common, "--client", "1", "--file", scripts[i % scripts.length]!, url])))
    : [await pgbench(binDir, [...common, "--client", String(clients), "--jobs", "2", ...scripts.flatMap((s) => ["--file", s]), url])];
  const tps = runs.reduce((sum, r) => sum + r.tps, 0);
  const latencies = runs.map((r) => r.latencyMs).filter((l): l is number => l !== null);
  const latencyMs = latencies.length ? Number((latencies.reduce((a, b) => a + b, 0) / latencies.length).toFixed(3)) : null;
  const failed = runs.reduce((sum, r) => sum + r.failed, 0);
  return { target: floor.target, clients, tps: Math.round(tps), latencyMs, failed, statements: floor.statements, from: floor.from, prepared: floor.prepared };
}
