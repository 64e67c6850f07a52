/**
 * The floor: the feed's first page as the database alone serves it. The SQL is the app's own
 * (`feedPageQuery`, rendered by Drizzle with its parameters written in as literals), run by
 * pgbench with as many clients as the app had connections, for as long, on the same database.
 * The app needs the same query per request, so without a cache it cannot be faster than this.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { PgDialect } from "drizzle-orm/pg-core";
import { feedPageQuery } from "../../src/server/modules/community/feed.query.ts";
import { binary } from "./cluster.ts";

/** A value as an SQL literal (the feed's parameters are text, numbers, booleans or null). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  const text = value instanceof Date ? value.toISOString() : typeof value === "string" ? value : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/** The SQL of the feed's first page (Recent, everyone, no search), as the API sends it, parameters inlined. */
export function feedFirstPageSql(): string {
  const query = feedPageQuery({ prompt: "all", filter: "all", sort: "recent", q: "", viewerId: null, now: new Date() }, null);
  if (!query) throw new Error("feedPageQuery gave no query for the first page");
  const { sql, params } = new PgDialect().sqlToQuery(query);
  return sql.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1])).trim();
}

export interface PgbenchResult {
  clients: number;
  tps: number;
  latencyMs: number | null;
  failed: number;
}

/** pgbench -c CLIENTS -T SECONDS with the feed's SQL; `url` names the database. */
export async function runPgbench(binDir: string, url: string, clients: number, seconds: number, scriptPath: string): Promise<PgbenchResult> {
  writeFileSync(scriptPath, `${feedFirstPageSql()};\n`);
  const args = ["--no-vacuum", "--client", String(clients), "--jobs", "2", "--time", String(seconds), "--file", scriptPath, url];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(binary(binDir, "pgbench"), args, { stdio: ["ignore", "pipe", "pipe"] });
    let text = "";
    child.stdout.on("data", (d: Buffer) => (text += d.toString()));
    child.stderr.on("data", (d: Buffer) => (text += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`pgbench exited with ${code}:\n${text.slice(-2000)}`))));
  });
  const tps = /tps = ([\d.]+)/.exec(output)?.[1];
  if (!tps) throw new Error(`pgbench printed no tps:\n${output.slice(-2000)}`);
  const latency = /latency average = ([\d.]+) ms/.exec(output)?.[1];
  const failed = /number of failed transactions: (\d+)/.exec(output)?.[1];
  return { clients, tps: Math.round(Number(tps)), latencyMs: latency ? Number(latency) : null, failed: Number(failed ?? 0) };
}
