import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "../db/database.ts";
import { packSnapshot, type Manifest } from "./snapshot.ts";
import { pgDump } from "./pg-tools.ts";

export interface SnapshotSource {
  /** The DATA_DIR whose auth-secret (generated when AUTH_SECRET is unset) goes into the backup. */
  dataDir: string;
  /** PostgreSQL: the server pg_dump reads. */
  databaseUrl?: string | undefined;
}

/** The generated auth secret in DATA_DIR, if the server made one. */
export function readAuthSecret(dataDir: string): string | null {
  const file = join(dataDir, "auth-secret");
  return existsSync(file) ? readFileSync(file, "utf8").trim() || null : null;
}

export const MIGRATIONS_SQL = "select count(*)::int as n from drizzle.__drizzle_migrations";

export async function appliedMigrations(database: Database): Promise<number> {
  const { rows } = await database.sql(MIGRATIONS_SQL, []);
  return (rows[0] as { n: number }).n;
}

/**
 * One backup at a time in this process, whoever asks (the nightly job, `npm run backup` through
 * the socket): each holds a whole copy of the database in memory while it is made.
 */
let oneAtATime: Promise<unknown> = Promise.resolve();

/** One backup file's bytes, taken from the open database while the app runs. */
export function takeSnapshot(database: Database, source: SnapshotSource, now = new Date()): Promise<Uint8Array> {
  const run = oneAtATime.then(() => snapshotNow(database, source, now));
  oneAtATime = run.catch(() => undefined);
  return run;
}

async function snapshotNow(database: Database, source: SnapshotSource, now: Date): Promise<Uint8Array> {
  const migrations = await appliedMigrations(database);
  let data: Uint8Array;
  if (database.kind === "postgres") {
    if (!source.databaseUrl) throw new Error("A PostgreSQL backup needs DATABASE_URL.");
    data = await pgDump(source.databaseUrl);
  } else {
    if (!database.dumpDataDir) throw new Error("This database cannot be copied.");
    data = await database.dumpDataDir();
  }
  return buildSnapshot(database.kind, migrations, data, source.dataDir, now);
}

/** The backup file of a database copied one way or another (the server, or the command with the lock). */
export function buildSnapshot(engine: Manifest["engine"], migrations: number, data: Uint8Array, dataDir: string, now = new Date()): Uint8Array {
  const manifest: Manifest = {
    format: "inkwell-backup",
    version: 1,
    engine,
    createdAt: now.toISOString(),
    migrations,
    appVersion: process.env.npm_package_version ?? null,
  };
  return packSnapshot({ manifest, database: data, authSecret: readAuthSecret(dataDir) });
}
