import { closeSync, mkdirSync, openSync, readFileSync, readlinkSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

/**
 * PGlite must only ever be opened by one process: a second opener was seen to destroy
 * committed data. Whoever opens DATA_DIR/db first writes DATA_DIR/.lock naming itself; anyone
 * else refuses with a clear message while that very process lives.
 *
 * "That very process" is decided by something a reused PID cannot fake: the pid together with
 * the machine's boot id and the process's start time (Linux /proc). After a crash and a reboot,
 * or in a container where PID 1 is always someone, the pid in a stale lock may belong to a live
 * stranger — its start time or boot differs, so the lock is taken over. Where /proc is missing,
 * the pid alone decides (the old rule).
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly holder: string,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another inkwell process (${holder}, pid ${pid}). ` +
        `Stop that process first, or set DATABASE_URL to use a PostgreSQL server.`,
    );
  }
}

/** DATA_DIR cannot be written (full disk, read-only, no permission): one clear line, no stack. */
export class DataDirUnwritableError extends Error {
  constructor(
    readonly dataDir: string,
    readonly code: string,
  ) {
    const why =
      code === "ENOSPC" ? "the disk is full" : code === "EROFS" ? "the filesystem is read-only" : code === "EACCES" || code === "EPERM" ? "permission denied" : code;
    super(`Cannot write to the data folder ${dataDir}: ${why} (${code}). Free some space or point DATA_DIR elsewhere.`);
  }
}

/** Who a process is, beyond its pid: boot id, start time (clock ticks since boot) and pid namespace. */
interface ProcessIdentity {
  bootId: string;
  startTicks: string;
  /** Containers sharing DATA_DIR each have their own pids: a pid means nothing across namespaces. */
  pidNs?: string;
}

function pidNamespace(pid: number | "self"): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/ns/pid`);
  } catch {
    return undefined;
  }
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

function identityOf(pid: number): ProcessIdentity | null {
  const bootId = readText("/proc/sys/kernel/random/boot_id")?.trim();
  const stat = readText(`/proc/${pid}/stat`);
  if (!bootId || !stat) return null;
  // Field 22 (starttime), counted after the ")" that closes the command name (which may hold spaces).
  const startTicks = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  return startTicks ? { bootId, startTicks, pidNs: pidNamespace(pid) } : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

interface LockInfo {
  pid?: number;
  holder?: string;
  bootId?: string;
  startTicks?: string;
  pidNs?: string;
}

/** Whether the process the lock names is still the one that wrote it. */
export function lockHolderLives(info: LockInfo): boolean {
  // Written from another pid namespace (another container on the same DATA_DIR): its pid cannot be
  // checked from here, so the lock is held until that process removes it.
  const mine = pidNamespace("self");
  if (info.pidNs && mine && info.pidNs !== mine && info.bootId === identityOf(process.pid)?.bootId) return true;
  if (typeof info.pid !== "number" || info.pid === process.pid || !isAlive(info.pid)) return false;
  const now = identityOf(info.pid);
  if (!now) return true; // no /proc: the pid alone decides
  if (info.bootId && info.startTicks) return info.bootId === now.bootId && info.startTicks === now.startTicks;
  // A lock written before identities were recorded: only a live Node process can hold it.
  return /node|tsx|inkwell/.test(readText(`/proc/${info.pid}/cmdline`) ?? "");
}

export interface DataDirLock {
  release(): void;
}

function writeLock(path: string, dataDir: string, content: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(path, "wx");
    writeSync(fd, content);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "";
    if (code === "EEXIST") throw err;
    // Leave no debris: an empty lock would make the next start guess.
    if (fd !== undefined) rmSync(path, { force: true });
    throw ["ENOSPC", "EROFS", "EACCES", "EPERM", "EDQUOT"].includes(code) ? new DataDirUnwritableError(dataDir, code) : err;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function lockDataDir(dataDir: string, holder: string): DataDirLock {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (err) {
    throw new DataDirUnwritableError(dataDir, (err as NodeJS.ErrnoException).code ?? "unknown");
  }
  const path = join(dataDir, ".lock");
  const me = identityOf(process.pid);
  const content = JSON.stringify({ pid: process.pid, holder, since: new Date().toISOString(), ...me });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeLock(path, dataDir, content);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          // Ours only if it is this very process's (a pid alone can be another container's PID 1).
          const current = JSON.parse(readFileSync(path, "utf8")) as LockInfo;
          if (current.pid === process.pid && current.startTicks === me?.startTicks && current.pidNs === me?.pidNs) rmSync(path, { force: true });
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      let info: LockInfo = {};
      try {
        info = JSON.parse(readFileSync(path, "utf8")) as LockInfo;
      } catch {
        /* a lock being written right now, or garbage: treat as held once, then as stale */
        if (attempt === 0) continue;
      }
      if (lockHolderLives(info)) throw new DataDirLockedError(dataDir, info.pid!, info.holder ?? "unknown");
      // Stale lock from a process that died (kill -9, crash) or whose pid now names another process.
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}`);
}
