import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverEnv, startServerProcess } from "#tests/setup/server-process.ts";
import { wasmFlags } from "../../scripts/wasm-flags.mjs";

/**
 * The built server (issue 26 item 2): what `npm start` runs is JavaScript that `node` runs alone.
 * Here the build tools (tsx, TypeScript, vite, esbuild, rolldown) are made unloadable, as on a
 * production install (`npm ci --omit=dev`); scripts/ci/production-start.sh does the real install.
 */
const root = resolve(import.meta.dirname, "../..");
const noBuildTools = join(root, "tests/setup/no-build-tools.mjs");
let dir: string;
let serverDir: string;

beforeAll(() => {
  // Inside the project, as dist/ is: the built code finds its packages in node_modules above it.
  mkdirSync(join(root, ".tmp"), { recursive: true });
  dir = mkdtempSync(join(root, ".tmp", "built-server-"));
  serverDir = join(dir, "server");
  const run = spawnSync(process.execPath, [join(root, "node_modules/vite/bin/vite.js"), "build", "-c", "vite.server.config.ts", "--logLevel", "error"], {
    cwd: root,
    env: { ...process.env, SERVER_DIST_DIR: serverDir, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`the server build failed:\n${run.stdout}\n${run.stderr}`);
}, 180_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const withoutBuildTools = (...args: string[]) => ["--import", noBuildTools, ...args];
/** A process's peak resident memory so far (VmHWM), in MB. */
const peakMb = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;

describe("the built server, without any build tool", () => {
  it("the stand-in for a production install refuses to load a build tool", () => {
    const run = spawnSync(process.execPath, withoutBuildTools("--input-type=module", "-e", 'await import("tsx/esm/api")'), { cwd: root, encoding: "utf8" });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("Cannot find package 'tsx/esm/api' (a build tool: not installed in production)");
  });

  it("starts on the embedded database (its thread and migrations found beside it), answers, and stops cleanly", async () => {
    // The server's V8 flags as npm start gives them (scripts/wasm-flags.mjs: --liftoff-only on Node 24).
    const flags = wasmFlags({ versions: process.versions, env: {} });
    const server = await startServerProcess({ DATA_DIR: join(dir, "data") }, [...flags, ...withoutBuildTools(join(serverDir, "index.js"))]);
    try {
      const res = await fetch(`${server.url}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: "ok", database: "pglite" });
      // A first start (a new database, migrated) without PGlite's initdb beside it: it peaked at 920 MB
      // (issue 26 item 1; docs/decisions/014-memory.md: the 350 MB goal and what still stands between).
      // Measured on Node 20: ~415 MB once; 470-488 MB alone on 2026-12-02, and 510 MB beside the rest
      // of the suite on PostgreSQL (a busier machine; why it peaks higher then is not known): 560
      // leaves that room and still fails a start that loses its PGlite fixes (920 MB). On Node 24 it peaked at 1,107 MB
      // until npm start gave it --liftoff-only; with it, 568 MB: the limit is wider there, and fails
      // without the flag.
      const limitMb = flags.length > 0 ? 700 : 560;
      expect(peakMb(server.child.pid!)).toBeLessThanOrEqual(limitMb);
    } finally {
      server.child.kill("SIGTERM");
    }
    expect((await server.exited).code).toBe(0);
    // A first start migrates a fresh database: over a minute on a busy shared machine.
  }, 240_000);

  it("loads the heavy and rare parts on first use: mail templates, the social image renderer, the in-memory database", () => {
    // Every package the server's entry imports before it answers: its static imports, followed through its own chunks.
    const loaded = new Set<string>();
    const seen = new Set<string>();
    const follow = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const [, spec] of readFileSync(file, "utf8").matchAll(/^import\s[^;]*?from\s+"([^"]+)";?$/gm)) {
        if (spec!.startsWith(".")) follow(join(dirname(file), spec!));
        else loaded.add(spec!);
      }
    };
    follow(join(serverDir, "index.js"));
    expect(loaded).toContain("hono");
    const heavy = ["@react-email/components", "@react-email/render", "satori", "@resvg/resvg-js", "@electric-sql/pglite"];
    expect(heavy.filter((p) => loaded.has(p))).toEqual([]);
  });

  it("runs the admin command built too, on the same data folder", () => {
    const run = spawnSync(process.execPath, withoutBuildTools(join(serverDir, "admin.js"), "list"), {
      cwd: root,
      env: serverEnv({ DATA_DIR: join(dir, "data") }),
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("No admins yet.");
    expect(run.status).toBe(0);
  }, 90_000);
});
