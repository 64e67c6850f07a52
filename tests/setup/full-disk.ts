import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A real full filesystem for fault tests: a 64 KiB tmpfs mounted at `dir` and filled to the
 * last byte (needs root). Creating a file still works there (inodes are left); writing fails
 * with ENOSPC, as on a disk that filled up.
 */
export function fillDisk(dir: string): { path: string; unmount(): void } {
  mkdirSync(dir, { recursive: true });
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir]);
  mkdirSync(join(dir, "data"));
  try {
    writeFileSync(join(dir, "fill"), Buffer.alloc(1024 * 1024));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOSPC") throw err;
  }
  return { path: dir, unmount: () => execFileSync("umount", ["-l", dir]) };
}
