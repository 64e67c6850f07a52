/**
 * npm run backup [-- FILE]          one backup file (default: BACKUP_DIR, i.e. DATA_DIR/backups)
 * npm run restore -- FILE [--force] that file back into an empty DATA_DIR or database
 *
 * The embedded database: while the server runs, the backup comes from it (backup/control.ts);
 * when none runs, this command takes the DATA_DIR lock and copies PGlite itself. Restoring takes the
 * lock, so it refuses while a server runs. PostgreSQL (DATABASE_URL): pg_dump / pg_restore.
 */
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { NoServerRunning, requestBackup } from "../src/server/backup/control.ts";
import { backupEmbeddedOffline, backupPostgres, RestoreRefused, restoreEmbedded, restorePostgres } from "../src/server/backup/offline.ts";
import { PgToolsMissingError } from "../src/server/backup/pg-tools.ts";
import { SnapshotError, snapshotFileName, unpackSnapshot } from "../src/server/backup/snapshot.ts";
import { DataDirLockedError } from "../src/server/db/lock.ts";
import { EnvError, loadEnv } from "../src/server/env.ts";

const usage = "usage: npm run backup [-- FILE]   |   npm run restore -- FILE [--force]";
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function backup(file: string | undefined): Promise<number> {
  const env = loadEnv();
  const started = Date.now();
  let bytes: Uint8Array;
  let how: string;
  if (env.DATABASE_URL) {
    bytes = await backupPostgres(env.DATABASE_URL, env.DATA_DIR);
    how = "pg_dump";
  } else {
    try {
      bytes = await requestBackup(env.DATA_DIR);
      how = "from the running server";
    } catch (err) {
      if (!(err instanceof NoServerRunning)) throw err;
      bytes = await backupEmbeddedOffline(env.DATA_DIR);
      how = "no server running: copied under the DATA_DIR lock";
    }
  }
  const target = resolve(file ?? join(env.BACKUP_DIR, snapshotFileName(new Date())));
  mkdirSync(dirname(target), { recursive: true });
  // Written whole under another name first: a backup file is complete or absent.
  writeFileSync(`${target}.partial`, bytes, { mode: 0o600 });
  renameSync(`${target}.partial`, target);
  console.log(`Backup written: ${target} (${mb(bytes.length)}, ${how}, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return 0;
}

async function restore(file: string, force: boolean): Promise<number> {
  const env = loadEnv();
  const started = Date.now();
  const snapshot = unpackSnapshot(new Uint8Array(readFileSync(resolve(file))), file);
  if (env.DATABASE_URL) {
    const work = mkdtempSync(join(tmpdir(), "inkwell-restore-"));
    try {
      await restorePostgres(env.DATABASE_URL, env.DATA_DIR, snapshot, force, join(work, "database.pgdump"));
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  } else {
    const movedTo = await restoreEmbedded(env.DATA_DIR, snapshot, force);
    if (movedTo) console.log(`The database that was there is kept in ${movedTo}.`);
  }
  const secret = snapshot.authSecret ? (env.AUTH_SECRET ? " (its auth secret is in DATA_DIR/auth-secret, but AUTH_SECRET is set and wins)" : ", with its auth secret") : "";
  console.log(`Restored the backup of ${snapshot.manifest.createdAt}${secret} in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the server: npm start`);
  return 0;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const [command, ...rest] = args;
  const force = rest.includes("--force");
  const files = rest.filter((a) => a !== "--force");
  if (command === "backup" && files.length <= 1 && !force) return backup(files[0]);
  if (command === "restore" && files.length === 1) return restore(files[0]!, force);
  console.error(usage);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known = [DataDirLockedError, EnvError, SnapshotError, RestoreRefused, PgToolsMissingError].some((k) => err instanceof k);
    console.error(known ? (err as Error).message : err);
    process.exit(1);
  },
);
