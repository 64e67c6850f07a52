/**
 * Start-up to listening (issue 26 item 2): how long each command takes from spawn to the first
 * 200 from /api/health, on the embedded database, N runs each, the commands taking turns.
 *
 *   npx tsx scripts/bench/startup.ts [--runs 5] [--port 3180] [--fresh] "label=command args" ...
 *
 * Default: a restart (the data folder made once, before the runs); --fresh: a new data folder each
 * run (a first start: migrations and the seed included). Prints a Markdown table.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const runs = Number(option("runs") ?? 5);
const port = option("port") ?? "3180";
const fresh = args.includes("--fresh") ? (args.splice(args.indexOf("--fresh"), 1), true) : false;
const commands = args.map((a) => {
  const [label, command] = a.split(/=(.*)/s);
  if (!label || !command) throw new Error(`expected label=command, got ${a}`);
  return { label, argv: command.split(" ").filter(Boolean) };
});
if (commands.length === 0) throw new Error('usage: startup.ts [--runs N] [--port P] [--fresh] "label=command" ...');

async function healthy(url: string, child: ReturnType<typeof spawn>): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before answering`);
    const ok = await fetch(url)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function startOnce(argv: string[], dataDir: string): Promise<number> {
  const started = performance.now();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: port, HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_REQUESTS: "false", NODE_ENV: "production" };
  delete env.DATABASE_URL;
  // Its own process group: a launcher's children (tsx runs the app in a child) stop with it.
  const child = spawn(argv[0]!, argv.slice(1), { cwd: root, env, stdio: "ignore", detached: true });
  try {
    await healthy(`http://127.0.0.1:${port}/api/health`, child);
    return (performance.now() - started) / 1000;
  } finally {
    process.kill(-child.pid!, "SIGTERM");
    if (child.exitCode === null) await once(child, "exit");
  }
}

const base = mkdtempSync(join(root, ".tmp", "startup-"));
const times = new Map(commands.map((c) => [c.label, [] as number[]]));
try {
  const shared = join(base, "data");
  if (!fresh) await startOnce(commands[0]!.argv, shared);
  for (let i = 0; i < runs; i++) {
    for (const c of commands) {
      const dataDir = fresh ? join(base, `data-${c.label}-${i}`) : shared;
      const s = await startOnce(c.argv, dataDir);
      times.get(c.label)!.push(s);
      console.error(`${c.label} run ${i + 1}: ${s.toFixed(2)} s`);
    }
  }
} finally {
  rmSync(base, { recursive: true, force: true });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`| command | ${fresh ? "first start" : "restart"}: runs (s) | median (s) |`);
console.log("|---|---|---|");
for (const c of commands) {
  const xs = times.get(c.label)!;
  console.log(`| ${c.label} (\`${c.argv.join(" ")}\`) | ${xs.map((x) => x.toFixed(2)).join(", ")} | ${median(xs).toFixed(2)} |`);
}
