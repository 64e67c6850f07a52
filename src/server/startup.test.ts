import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fillDisk } from "#tests/setup/full-disk.ts";
import { serverEnv } from "#tests/setup/server-process.ts";

const root = resolve(import.meta.dirname, "../..");
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Starts the real server entry point and waits for it to exit (it must, when it cannot start). */
function startServer(env: Record<string, string>) {
  return spawnSync(process.execPath, ["--import", "tsx", "src/server/index.ts"], {
    cwd: root,
    env: serverEnv({ NODE_ENV: "production", ...env }),
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("starting the server", () => {
  // Needs root to mount a tiny filesystem (CI and the dev machines run as root); elsewhere skipped.
  it.skipIf(process.getuid?.() !== 0)("on a full disk: one clear line naming ENOSPC, exit 1, no debris", () => {
    const base = mkdtempSync(join(tmpdir(), "inkwell-full-"));
    dirs.push(base);
    const disk = fillDisk(join(base, "mnt"));
    try {
      const dataDir = join(disk.path, "data");
      const run = startServer({ DATA_DIR: dataDir });
      expect(run.status).toBe(1);
      const lines = run.stderr.trim().split("\n").filter((l) => !l.startsWith("(node:"));
      expect(lines).toEqual([expect.stringMatching(/Cannot write to the data folder .*: the disk is full \(ENOSPC\)/)]);
      expect(existsSync(join(dataDir, ".lock"))).toBe(false);
    } finally {
      disk.unmount();
    }
  });
});
