import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fillDisk } from "#tests/setup/full-disk.ts";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, DataDirUnwritableError, lockDataDir } from "./lock.ts";

const dirs: string[] = [];
const children: ChildProcess[] = [];
/** A live process that is not inkwell (what a reused pid points at after a reboot). */
const stranger = () => {
  const child = spawn("sleep", ["60"], { stdio: "ignore" });
  children.push(child);
  return child.pid!;
};
const identity = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return {
    bootId: readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim(),
    startTicks: stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19],
  };
};
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), "inkwell-lock-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  for (const c of children.splice(0)) c.kill();
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

  it("refuses while the very process that wrote the lock lives (same pid, boot and start time)", () => {
    const dir = fresh();
    const pid = stranger();
    writeFileSync(join(dir, ".lock"), JSON.stringify({ pid, holder: "inkwell server on port 3000", ...identity(pid) }));
    expect(() => lockDataDir(dir, "npm run admin")).toThrow(/in use by another inkwell process \(inkwell server on port 3000/);
  });

  it("takes over a lock whose pid now belongs to another live process (reused after a crash)", () => {
    const dir = fresh();
    const pid = stranger();
    // The lock's writer started at another time: its pid was handed to someone else since.
    writeFileSync(join(dir, ".lock"), JSON.stringify({ pid, holder: "crashed", bootId: identity(pid).bootId, startTicks: "1" }));
    const lock = lockDataDir(dir, "me");
    expect(JSON.parse(readFileSync(join(dir, ".lock"), "utf8")).pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock from before a reboot whose pid is now a live stranger (PID 1 in a container)", () => {
    const dir = fresh();
    const pid = stranger();
    writeFileSync(join(dir, ".lock"), JSON.stringify({ pid, holder: "crashed", bootId: "another-boot", startTicks: identity(pid).startTicks }));
    expect(() => lockDataDir(dir, "me").release()).not.toThrow();
    // An old lock without the identity fields, naming a live process that is not Node.
    writeFileSync(join(dir, ".lock"), JSON.stringify({ pid, holder: "crashed" }));
    expect(() => lockDataDir(dir, "me").release()).not.toThrow();
  });

  it("refuses a lock written in another pid namespace on this machine (another container on the same DATA_DIR)", () => {
    const dir = fresh();
    writeFileSync(join(dir, ".lock"), JSON.stringify({ pid: 1, holder: "inkwell in another container", bootId: identity(process.pid).bootId, startTicks: "5", pidNs: "pid:[1]" }));
    expect(() => lockDataDir(dir, "me")).toThrow(/in use by another inkwell process \(inkwell in another container/);
  });

  it("records the holder's boot id and start time", () => {
    const dir = fresh();
    const lock = lockDataDir(dir, "me");
    expect(JSON.parse(readFileSync(join(dir, ".lock"), "utf8"))).toMatchObject({ pid: process.pid, ...identity(process.pid) });
    lock.release();
  });

  // Needs root to mount a tiny filesystem (CI and the dev machines run as root); elsewhere skipped.
  it.skipIf(process.getuid?.() !== 0)("on a full disk, refuses in one clear line and leaves no empty lock behind", async () => {
    const disk = fillDisk(fresh());
    try {
      const dir = join(disk.path, "data");
      expect(() => lockDataDir(dir, "me")).toThrow(DataDirUnwritableError);
      expect(() => lockDataDir(dir, "me")).toThrow(/the disk is full \(ENOSPC\)/);
      expect(existsSync(join(dir, ".lock"))).toBe(false);
    } finally {
      disk.unmount();
    }
  });
});
