import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { snapshotFileName } from "./snapshot.ts";
import { buildSnapshot, MIGRATIONS_SQL } from "./take.ts";

/*
 * Before the embedded database is migrated at start-up, a backup of it as it was (issue 27 item 1):
 * only when it already holds data (migrations applied before) and the code brings new ones. Runs
 * in the database's own thread, on PGlite itself, before anyone else can reach it.
 */

/** How many migrations the code has (drizzle's journal). */
function migrationsInCode(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

async function appliedIn(db: PGlite): Promise<number> {
  try {
    return (await db.query<{ n: number }>(MIGRATIONS_SQL)).rows[0]?.n ?? 0;
  } catch {
    return 0; // a new database: never migrated, nothing to keep
  }
}

/** Writes the backup file and returns its path, or null when there is nothing to keep or nothing to migrate. */
export async function snapshotBeforeMigrations(db: PGlite, migrationsFolder: string, dataDir: string, backupDir: string, now = new Date()): Promise<string | null> {
  const applied = await appliedIn(db);
  if (applied === 0 || applied >= migrationsInCode(migrationsFolder)) return null;
  const data = new Uint8Array(await (await db.dumpDataDir("gzip")).arrayBuffer());
  const file = join(backupDir, snapshotFileName(now, "before-migrations"));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.partial`, buildSnapshot("pglite", applied, data, dataDir, now), { mode: 0o600 });
  renameSync(`${file}.partial`, file);
  return file;
}
