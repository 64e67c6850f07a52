import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

/**
 * PGlite must only ever be opened by one process: a second opener was seen to destroy
 * committed data. Whoever opens DATA_DIR/db first writes DATA_DIR/.lock with its pid;
 * anyone else refuses with a clear message while that process lives.
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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface DataDirLock {
  release(): void;
}

export function lockDataDir(dataDir: string, holder: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, ".lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, JSON.stringify({ pid: process.pid, holder, since: new Date().toISOString() }));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          const current = JSON.parse(readFileSync(path, "utf8")) as { pid: number };
          if (current.pid === process.pid) rmSync(path, { force: true });
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      let info: { pid?: number; holder?: string } = {};
      try {
        info = JSON.parse(readFileSync(path, "utf8")) as typeof info;
      } catch {
        /* a lock being written right now, or garbage: treat as held once, then as stale */
        if (attempt === 0) continue;
      }
      if (typeof info.pid === "number" && info.pid !== process.pid && isAlive(info.pid)) {
        throw new DataDirLockedError(dataDir, info.pid, info.holder ?? "unknown");
      }
      // Stale lock from a process that died (kill -9, crash): take it over.
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}`);
}
