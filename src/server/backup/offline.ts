import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { PGLITE_EXTENSIONS } from "../db/client.ts";
import { lockDataDir } from "../db/lock.ts";
import { buildSnapshot, MIGRATIONS_SQL } from "./take.ts";
import { pgDump, runPgTool } from "./pg-tools.ts";
import { SnapshotError, type Snapshot } from "./snapshot.ts";

/*
 * The backup command's own work, without a running server: the embedded database copied under the
 * DATA_DIR lock (so no server can open it meanwhile), PostgreSQL through pg_dump; and restoring a
 * backup into an empty DATA_DIR or database. Neither opens the app (which would migrate first).
 */

/** Restoring over existing data without --force. */
export class RestoreRefused extends Error {}

const stamp = (now: Date) => now.toISOString().replace(/\.\d+Z$/, "Z").replace(/:/g, "-");

async function pgliteMigrations(db: PGlite): Promise<number> {
  try {
    const { rows } = await db.query<{ n: number }>(MIGRATIONS_SQL);
    return rows[0]?.n ?? 0;
  } catch {
    return 0; // never migrated
  }
}

/** The embedded database while no server runs: under the lock, straight from PGlite. */
export async function backupEmbeddedOffline(dataDir: string, holder = "npm run backup"): Promise<Uint8Array> {
  const lock = lockDataDir(dataDir, holder);
  try {
    const dbDir = join(dataDir, "db");
    if (!existsSync(dbDir) || readdirSync(dbDir).length === 0) throw new SnapshotError(`There is no embedded database in ${dataDir} to back up.`);
    const db = await PGlite.create(dbDir, { extensions: PGLITE_EXTENSIONS });
    try {
      const migrations = await pgliteMigrations(db);
      const data = new Uint8Array(await (await db.dumpDataDir("gzip")).arrayBuffer());
      return buildSnapshot("pglite", migrations, data, dataDir);
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function backupPostgres(url: string, dataDir: string): Promise<Uint8Array> {
  const migrations = await withClient(url, async (c) => {
    try {
      return ((await c.query<{ n: number }>(MIGRATIONS_SQL)).rows[0]?.n ?? 0) as number;
    } catch {
      return 0;
    }
  });
  return buildSnapshot("postgres", migrations, await pgDump(url), dataDir);
}

function restoreSecret(dataDir: string, secret: string | null): void {
  if (!secret) return;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "auth-secret");
  // A forced restore keeps the secret it replaces beside the database it moved aside.
  if (existsSync(file) && readFileSync(file, "utf8").trim() !== secret.trim()) renameSync(file, `${file}.before-restore-${Date.now()}`);
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
}

function checkEngine(snapshot: Snapshot, target: "pglite" | "postgres"): void {
  if (snapshot.manifest.engine === target) return;
  throw new SnapshotError(
    snapshot.manifest.engine === "pglite"
      ? "This backup is of the embedded database: restore it with DATABASE_URL unset."
      : "This backup is of a PostgreSQL database: restore it with DATABASE_URL set to an empty database.",
  );
}

/** Into DATA_DIR/db, empty or (force) moved aside first: nothing is ever deleted. Returns where the old one went. */
export async function restoreEmbedded(dataDir: string, snapshot: Snapshot, force: boolean, now = new Date()): Promise<string | null> {
  checkEngine(snapshot, "pglite");
  const lock = lockDataDir(dataDir, "npm run restore");
  try {
    const dbDir = join(dataDir, "db");
    let movedTo: string | null = null;
    if (existsSync(dbDir) && readdirSync(dbDir).length > 0) {
      if (!force) throw new RestoreRefused(`${dbDir} already holds a database. Restore into an empty DATA_DIR, or add --force to move the existing database aside (it is kept, not deleted).`);
      movedTo = `${dbDir}.before-restore-${stamp(now)}`;
      renameSync(dbDir, movedTo);
    }
    const db = await PGlite.create(dbDir, { extensions: PGLITE_EXTENSIONS, loadDataDir: new Blob([snapshot.database.slice()]) });
    try {
      await db.query("select 1");
    } finally {
      await db.close();
    }
    restoreSecret(dataDir, snapshot.authSecret);
    return movedTo;
  } finally {
    lock.release();
  }
}

/** Into an empty PostgreSQL database, or (force) over an existing one: pg_restore --clean. */
export async function restorePostgres(url: string, dataDir: string, snapshot: Snapshot, force: boolean, dumpFile: string): Promise<void> {
  checkEngine(snapshot, "postgres");
  const tables = await withClient(url, async (c) => {
    const { rows } = await c.query<{ n: number }>("select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')");
    return rows[0]!.n;
  });
  if (tables > 0 && !force) throw new RestoreRefused(`The database in DATABASE_URL is not empty (${tables} tables). Restore into an empty database, or add --force to replace what is there.`);
  writeFileSync(dumpFile, snapshot.database, { mode: 0o600 });
  await runPgTool("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", ...(force ? ["--clean", "--if-exists"] : []), dumpFile], url);
  restoreSecret(dataDir, snapshot.authSecret);
}
