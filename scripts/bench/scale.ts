/**
 * Scale out (issue 12 item 7): the same PostgreSQL database served by one app instance and by
 * two, each behind the same round-robin proxy (proxy.ts, its own process), so the only change
 * between the two measurements is the second instance. Feed (cached first page), an uncached
 * read (a common-word search) and publish, at the largest connection count.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { freePort } from "./cluster.ts";
import { prepareFixture } from "./fixture.ts";
import { runLoad, warmUp, type LoadResult } from "./load.ts";
import { startServer, type AppServer } from "./server.ts";
import { READS, WRITES, type Target } from "./targets.ts";

export interface ScaleRun {
  label: string;
  connections: number;
  rows: { target: string; one: LoadResult; two: LoadResult }[];
  failure?: string;
}

const SCALE_TARGETS = (): Target[] => [
  READS.find((t) => t.name.startsWith("feed, first page"))!,
  READS.find((t) => t.name.startsWith("search, common word"))!,
  WRITES.find((t) => t.name.startsWith("publish"))!,
];

async function startProxy(port: number, targets: string[]): Promise<() => Promise<void>> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/proxy.ts", String(port), ...targets], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the proxy exited with ${code}`)));
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("listening") && resolve());
  });
  return async () => {
    if (child.exitCode !== null) return;
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  };
}

export async function measureScaleOut(opts: {
  label: string;
  databaseUrl: string;
  dataDir: string;
  fromDb: { pieceIds: string[]; filterPromptId: string };
  writers: number;
  connections: number;
  duration: number;
  log: (msg: string) => void;
}): Promise<ScaleRun> {
  const port = await freePort();
  const proxyUrl = `http://localhost:${port}`;
  const servers: AppServer[] = [];
  const result: ScaleRun = { label: opts.label, connections: opts.connections, rows: [] };
  let stopProxy: (() => Promise<void>) | undefined;
  try {
    for (let i = 0; i < 2; i++) servers.push(await startServer({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir, appUrl: proxyUrl }));
    const phase = async (instances: AppServer[], run: number) => {
      stopProxy = await startProxy(port, instances.map((s) => s.url.replace("localhost", "127.0.0.1")));
      const fx = await prepareFixture(proxyUrl, opts.fromDb, opts.writers);
      await warmUp(fx, 3);
      const measured: LoadResult[] = [];
      for (const target of SCALE_TARGETS()) {
        const r = await runLoad(target, fx, instances[0]!.pid, opts.connections, opts.duration, run);
        opts.log(`scale out, ${instances.length} instance(s): ${target.name}: ${r.rps} req/s, p99 ${r.p99} ms, ${r.errors} errors`);
        measured.push(r);
      }
      await stopProxy();
      stopProxy = undefined;
      return measured;
    };
    // Write runs 0 and 1 were the main measurement's on this database: these are new.
    const one = await phase(servers.slice(0, 1), 2);
    const two = await phase(servers, 3);
    result.rows = one.map((r, i) => ({ target: r.target, one: r, two: two[i]! }));
  } catch (err) {
    result.failure = err instanceof Error ? err.message.split("\n")[0] : String(err);
  } finally {
    await stopProxy?.();
    for (const s of servers) await s.stop();
  }
  return result;
}

const num = (n: number) => n.toLocaleString("en-US");

export function scaleMarkdown(scale: ScaleRun): string {
  const head = `## Scale out: two instances on one PostgreSQL, ${scale.label} pieces, ${scale.connections} connections`;
  if (scale.failure) return `${head}\n\nNot measured: ${scale.failure}\n`;
  const lines = [
    head,
    "",
    "Both measurements go through the same round-robin proxy (`scripts/bench/proxy.ts`, its own process); the second adds the second instance.",
    "",
    "| endpoint | 1 instance: req/s | p99 ms | 2 instances: req/s | p99 ms | 2 ÷ 1 |",
    "|---|---|---|---|---|---|",
  ];
  for (const { target, one, two } of scale.rows) {
    lines.push(`| ${target} | ${num(one.rps)} | ${one.p99} | ${num(two.rps)} | ${two.p99} | ${(two.rps / Math.max(one.rps, 1)).toFixed(2)}× |`);
  }
  for (const [n, r] of scale.rows.flatMap(({ one, two }) => [[1, one], [2, two]] as const)) {
    if (r.errors === 0) continue;
    const samples = r.samples.map((x) => `\`${x.replace(/`/g, "'")}\``).join("; ");
    lines.push(`\n${r.target}, ${n} instance(s): ${r.timeouts} time-outs, ${r.non2xx} non-2xx${samples ? `; for example ${samples}` : ""}.`);
  }
  return `${lines.join("\n")}\n`;
}
