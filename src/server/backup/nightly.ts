import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Deps } from "../deps.ts";
import { backupsToKeep } from "./retention.ts";
import { snapshotFileName } from "./snapshot.ts";
import { takeSnapshot } from "./take.ts";

/** The nightly backup's queue: shown on /admin/jobs with its next run, last success and failures. */
export const NIGHTLY_BACKUP = "backup.nightly";
const LABEL = "nightly";
const NIGHTLY_FILE = /^inkwell-(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d)Z-nightly\.zip$/;

/** When a nightly backup file was taken, from its name; null for any other file. */
export function nightlyTakenAt(name: string): Date | null {
  const m = NIGHTLY_FILE.exec(name);
  return m ? new Date(`${m[1]}:${m[2]}:${m[3]}Z`) : null;
}

/** Writes tonight's backup into BACKUP_DIR, then removes the nightly ones retention no longer keeps. */
export async function runNightlyBackup(deps: Pick<Deps, "database" | "env" | "clock">): Promise<string> {
  const { env } = deps;
  const now = deps.clock.now();
  const bytes = await takeSnapshot(deps.database, { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL }, now);
  mkdirSync(env.BACKUP_DIR, { recursive: true });
  const file = join(env.BACKUP_DIR, snapshotFileName(now, LABEL));
  writeFileSync(`${file}.partial`, bytes, { mode: 0o600 });
  renameSync(`${file}.partial`, file);
  const nightly = readdirSync(env.BACKUP_DIR).flatMap((name) => {
    const at = nightlyTakenAt(name);
    return at ? [{ name, at }] : [];
  });
  const keep = backupsToKeep(nightly.map((n) => n.at));
  for (const n of nightly) if (!keep.has(n.at.getTime())) rmSync(join(env.BACKUP_DIR, n.name), { force: true });
  return file;
}

/**
 * Every night at 03:30 UTC, once across all instances (BACKUPS=false turns it off). On PostgreSQL
 * without pg_dump the job fails with the line naming the package, visible on /admin/jobs.
 */
export function defineNightlyBackup(deps: Deps): void {
  deps.jobs.define({
    name: NIGHTLY_BACKUP,
    cron: "30 3 * * *",
    retryLimit: 1,
    // A backup of a large database takes minutes (the queue's default is 2).
    expireSeconds: 60 * 60,
    run: async () => {
      await runNightlyBackup(deps);
    },
  });
}
