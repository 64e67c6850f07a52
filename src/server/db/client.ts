import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import * as schema from "./schema/index.ts";
import { lockDataDir, type DataDirLock } from "./lock.ts";
import { openPostgres } from "./postgres.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Queryable = Db | Tx;

export type NotificationHandler = (payload: string) => void;

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /** LISTEN on a channel; returns an unsubscribe function. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  /** Called after the LISTEN connection was lost and came back: notifications in between are gone. */
  onNotificationGap(handler: () => void): () => void;
  /** Round trip to the database, for the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export interface OpenOptions {
  /** PostgreSQL server URL; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files (DATA_DIR); omitted means in memory (tests). */
  dataDir?: string | undefined;
  /** Who is opening it, for the lock message. */
  holder?: string;
  /** In-memory PGlite only: start from this data directory tarball (tests: a migrated template) instead of initdb. */
  loadDataDir?: Blob | undefined;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const database = opts.databaseUrl ? await openPostgres(opts.databaseUrl, migrationsFolder) : await openPglite(opts);
  return database;
}

/** Extensions the migrations create (pg_trgm: the admin user search index). */
export const PGLITE_EXTENSIONS = { pg_trgm };

async function openPglite(opts: OpenOptions): Promise<Database> {
  let lock: DataDirLock | undefined;
  let client: PGlite;
  if (opts.dataDir) {
    lock = lockDataDir(opts.dataDir, opts.holder ?? "inkwell");
    const dbDir = join(opts.dataDir, "db");
    mkdirSync(dbDir, { recursive: true });
    try {
      client = await PGlite.create(dbDir, { extensions: PGLITE_EXTENSIONS });
    } catch (err) {
      lock.release();
      throw err;
    }
  } else {
    client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: opts.loadDataDir });
  }
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    kind: "pglite",
    db,
    async listen(channel, handler) {
      const unsub = await client.listen(channel, handler);
      return async () => {
        await unsub();
      };
    },
    // In process: notifications cannot be lost.
    onNotificationGap: () => () => undefined,
    async ping() {
      await client.query("select 1");
    },
    async close() {
      await client.close();
      lock?.release();
    },
  };
}
