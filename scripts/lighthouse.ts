/**
 * npm run lighthouse -- [--runs 3] [--pieces 2000] [--url http://host:port] [--only /community,/podium] [--forms mobile]
 *
 * Lighthouse on the four public pages (/, /community, a piece's page, /podium), mobile and
 * desktop, RUNS runs each (median), with the system Chromium (CHROME_PATH, default
 * /usr/bin/chromium). Without --url it builds the client and its server renderer if needed,
 * seeds a fresh embedded database (.tmp/lighthouse-data, PIECES public pieces) and starts the
 * production server on LIGHTHOUSE_PORT (3170) for the run. Prints performance, accessibility,
 * LCP, FCP, TBT and CLS per page; the reports stay in .tmp/lighthouse/.
 *
 * Targets (issue 12): mobile performance >= 95, desktop 100, accessibility 100, LCP <= 1.5 s mobile.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const out = join(root, ".tmp/lighthouse");
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** The lighthouse CLI: the project's devDependency, or LIGHTHOUSE_CLI. */
function lighthouseCli(): string {
  if (process.env.LIGHTHOUSE_CLI) return process.env.LIGHTHOUSE_CLI;
  const require = createRequire(join(root, "package.json"));
  return join(require.resolve("lighthouse/package.json").replace(/package\.json$/, ""), "cli/index.js");
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.status})`);
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error("The server stopped before it answered.");
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within 2 minutes.`);
}

/** Starts the production server on a freshly seeded embedded database. */
async function startServer(): Promise<{ base: string; child: ChildProcess }> {
  const port = process.env.LIGHTHOUSE_PORT ?? "3170";
  const dataDir = join(root, ".tmp/lighthouse-data");
  rmSync(dataDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: port, HOST: "127.0.0.1", NODE_ENV: "production", LOG_REQUESTS: "false" };
  delete env.DATABASE_URL;
  run(process.execPath, ["--import", "tsx", "scripts/seed.ts", "--pieces", flag("pieces") ?? "2000"], env);
  const child = spawn(process.execPath, ["scripts/start.mjs"], { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child);
  return { base, child };
}

async function pieceId(base: string): Promise<string> {
  const res = await fetch(`${base}/api/community/feed?prompt=all&filter=all&sort=recent`);
  const body = (await res.json()) as { items?: { id: string }[] };
  const id = body.items?.[0]?.id;
  if (!id) throw new Error(`No public piece to open (feed answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}).`);
  return id;
}

interface Scores {
  performance: number;
  accessibility: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
}

function lighthouse(url: string, form: "mobile" | "desktop", file: string): Scores {
  const dir = join(out, "profile");
  rmSync(dir, { recursive: true, force: true });
  const args = [
    lighthouseCli(),
    url,
    "--quiet",
    "--output=json",
    `--output-path=${file}`,
    "--only-categories=performance,accessibility",
    `--chrome-flags=${[...CHROME_FLAGS, `--user-data-dir=${dir}`].join(" ")}`,
    ...(form === "desktop" ? ["--preset=desktop"] : []),
  ];
  // Lighthouse now and then loses a trace on a busy machine (NO_NAVSTART): that run is taken again.
  for (let attempt = 1; ; attempt++) {
    const r = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit", env: { ...process.env, CHROME_PATH: chrome } });
    if (r.status === 0) break;
    if (attempt === 3) throw new Error(`lighthouse failed on ${url} (${form}) three times`);
  }
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
  };
  const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
  return {
    performance: Math.round((report.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility?.score ?? 0) * 100),
    lcp: audit("largest-contentful-paint"),
    fcp: audit("first-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  if (!existsSync(chrome)) throw new Error(`No Chromium at ${chrome}: set CHROME_PATH.`);
  const runs = Number(flag("runs") ?? 3);
  const given = flag("url");
  const server = given ? null : await startServer();
  const base = given ?? server!.base;
  try {
    const id = await pieceId(base);
    const pages: [string, string][] = [
      ["/", "/"],
      ["/community", "/community"],
      ["/submission/{id}", `/submission/${id}`],
      ["/podium", "/podium"],
    ];
    const only = flag("only")?.split(",");
    if (only) pages.splice(0, pages.length, ...pages.filter(([name]) => only.includes(name)));
    const rows: string[] = [];
    const forms = (flag("forms")?.split(",") ?? ["mobile", "desktop"]) as ("mobile" | "desktop")[];
    for (const form of forms) {
      for (const [name, path] of pages) {
        const all: Scores[] = [];
        for (let i = 0; i < runs; i++) {
          const file = join(out, `${form}-${name.replace(/\W+/g, "_")}-${i + 1}.json`);
          all.push(lighthouse(base + path, form, file));
        }
        const m = (k: keyof Scores) => median(all.map((s) => s[k]));
        rows.push(
          [form.padEnd(8), name.padEnd(18), String(m("performance")).padStart(5), String(m("accessibility")).padStart(5),
            `${(m("lcp") / 1000).toFixed(2)} s`.padStart(8), `${(m("fcp") / 1000).toFixed(2)} s`.padStart(8),
            `${Math.round(m("tbt"))} ms`.padStart(8), m("cls").toFixed(3).padStart(6), all.map((s) => s.performance).join("/")].join("  "),
        );
        console.log(rows.at(-1));
      }
    }
    console.log(`\nLighthouse, median of ${runs} runs (${new Date().toISOString()}, load ${(await import("node:os")).loadavg().map((l) => l.toFixed(2)).join(" ")})`);
    console.log(["form".padEnd(8), "page".padEnd(18), " perf", " a11y", "     LCP", "     FCP", "     TBT", "   CLS", "perf per run"].join("  "));
    for (const row of rows) console.log(row);
    console.log("\nTargets: mobile performance >= 95, desktop 100, accessibility 100, LCP <= 1.5 s on mobile.");
  } finally {
    server?.child.kill("SIGTERM");
  }
}

await main();
