import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import * as schema from "./schema/index.ts";
import { openEmbedded } from "./embedded.ts";
import { openPostgres } from "./postgres.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Queryable = Db | Tx;

export type NotificationHandler = (payload: string) => void;

/** The connection pool now: connections open (in use or idle), and requests waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /** LISTEN on a channel; returns an unsubscribe function. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  /** Called after the LISTEN connection was lost and came back: notifications in between are gone. */
  onNotificationGap(handler: () => void): () => void;
  /** Round trip to the database, for the health check. */
  ping(): Promise<void>;
  /** The pool's connections (GET /metrics); null in process (in-memory PGlite: no pool). */
  poolStats(): PoolStats | null;
  /**
   * Raw SQL for libraries that bring their own statements (the job queue): with values, one
   * parameterised statement; without, a script of several statements (the last one's rows).
   */
  sql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PGlite only: its data directory as a gzipped tarball, taken between two statements (backups). */
  dumpDataDir?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export interface OpenOptions {
  /** PostgreSQL server URL; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files (DATA_DIR): PGlite then runs in its own thread. Omitted means in memory, in process (tests). */
  dataDir?: string | undefined;
  /** Embedded: where the backup taken before migrations goes (BACKUP_DIR; default DATA_DIR/backups). */
  backupDir?: string | undefined;
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
  // On disk (the app, scripts): PGlite in its own thread, reached over the wire protocol.
  if (opts.dataDir) return openEmbedded(opts.dataDir, opts.holder ?? "inkwell", migrationsFolder, opts.backupDir);
  // In memory (tests): in process.
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: opts.loadDataDir });
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
    poolStats: () => null,
    async sql(text, values) {
      if (values?.length) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    async dumpDataDir() {
      return new Uint8Array(await (await client.dumpDataDir("gzip")).arrayBuffer());
    },
    async close() {
      await client.close();
    },
  };
}
