import { fileURLToPath } from "node:url";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import * as schema from "./schema/index.ts";
import { openEmbedded } from "./embedded.ts";
import { openPostgres } from "./postgres.ts";
import type { Database, Db } from "./database.ts";

export type { Database, Db, NotificationHandler, PoolStats, Queryable, Schema, Tx } from "./database.ts";

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
  // In memory (tests): in process. Loaded only then: the server's own PGlite is in its thread.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
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
    notificationsLive: () => true,
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
