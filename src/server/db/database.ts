import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type * as schema from "./schema/index.ts";

/*
 * What a database is, apart from how one is opened (client.ts): embedded.ts and postgres.ts
 * implement it without importing the file that imports them.
 */

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
  /** False while the LISTEN connection is lost: notifications sent now will not arrive. */
  notificationsLive(): boolean;
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
