import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./lock.ts";

const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), "inkwell-lock-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("the DATA_DIR lock", () => {
  it("refuses a second opener while the first lives, naming who holds it", () => {
    const dir = fresh();
    // A live process (this test's parent) holds it.
    writeFileSync(join(dir, ".lock"), JSON.stringify({ pid: process.ppid, holder: "inkwell server on port 3000" }));
    expect(() => lockDataDir(dir, "npm run admin")).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir, "npm run admin")).toThrow(/in use by another inkwell process \(inkwell server on port 3000/);
  });

  it("takes over a lock left by a process that died", () => {
    const dir = fresh();
    const dead = spawnSync(process.execPath, ["-e", "process.exit(0)"]).pid!;
    writeFileSync(join(dir, ".lock"), JSON.stringify({ pid: dead, holder: "crashed" }));
    const lock = lockDataDir(dir, "me");
    expect(JSON.parse(readFileSync(join(dir, ".lock"), "utf8")).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(join(dir, ".lock"))).toBe(false);
  });
});
