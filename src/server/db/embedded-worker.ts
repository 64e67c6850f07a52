import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { WireServer } from "./embedded-wire.ts";
import { TEMPLATE_FILE } from "./pglite-template.ts";
import { snapshotBeforeMigrations } from "../backup/before-migrations.ts";

/*
 * The embedded database's own thread (decision 009): opens PGlite on DATA_DIR/db, migrates it,
 * and serves it on a Unix socket in a private folder. The main thread (HTTP) talks to it with
 * `pg`. Messages to the main thread: ready | failed (startup) | fatal (PGlite broke) | closed |
 * dumped (a snapshot's data directory). From the main thread: close | dump.
 */

export interface EmbeddedWorkerData {
  dbDir: string;
  socketPath: string;
  migrationsFolder: string;
  /** Create and migrate the database, close it, and end (a new database's first pass; see embedded.ts). */
  prepareOnly?: boolean;
  /** DATA_DIR (its auth secret goes into backups) and where the backup before migrations goes. */
  dataDir: string;
  backupDir: string;
}

export type WorkerMessage =
  | { type: "ready" }
  | { type: "failed"; message: string; code?: string }
  | { type: "fatal"; message: string }
  | { type: "closed" }
  | { type: "dumped"; id: number; data?: Uint8Array; message?: string };

export type ToWorkerMessage = { type: "close" } | { type: "dump"; id: number };

/**
 * PostgreSQL's settings in this thread, chosen for a small server (docs/decisions/014-memory.md),
 * after PGlite's own (single user, no parallel workers). shared_buffers: 16 MB, not PostgreSQL's
 * 128 MB, which PGlite's WebAssembly memory held resident from the start (most of the thread's
 * memory); the data files are still cached by the operating system, so a page missing from the
 * buffers is a copy, not a disk read. wal_buffers follows it (1/32: 512 kB). temp_buffers (8 MB)
 * and work_mem (4 MB) keep their defaults: one session, memory taken only while a query needs it.
 * PGlite's WebAssembly memory starts at 128 MB, its module's minimum (`initialMemory` cannot go
 * lower), and grows as PostgreSQL asks.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/** A new database's PGDATA, unpacked from the build's template when there is one (pglite-template.ts). */
function newDatabaseTemplate(dbDir: string): Blob | undefined {
  const template = new URL(`./${TEMPLATE_FILE}`, import.meta.url);
  if (existsSync(join(dbDir, "PG_VERSION")) || !existsSync(template)) return undefined;
  return new Blob([readFileSync(template)]);
}

const port = parentPort!;
const { dbDir, socketPath, migrationsFolder, prepareOnly, dataDir, backupDir } = workerData as EmbeddedWorkerData;
const send = (m: WorkerMessage) => port.postMessage(m);
const describe = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function start(): Promise<void> {
  let db: PGlite;
  try {
    db = await PGlite.create(dbDir, { extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS, loadDataDir: newDatabaseTemplate(dbDir) });
  } catch (err) {
    send({ type: "failed", message: describe(err), code: (err as NodeJS.ErrnoException).code });
    return;
  }
  let server: WireServer;
  try {
    // A database with data that the new code will migrate: kept as it was first.
    const kept = await snapshotBeforeMigrations(db, migrationsFolder, dataDir, backupDir);
    if (kept) console.log(JSON.stringify({ level: "info", msg: "backed up the database before migrating it", file: kept }));
    await migrate(drizzle(db), { migrationsFolder });
    if (prepareOnly) {
      await db.close();
      send({ type: "ready" });
      port.close();
      return;
    }
    server = new WireServer(db, {
      onFatal: (err) => send({ type: "fatal", message: describe(err) }),
    });
    await server.listen(socketPath);
  } catch (err) {
    await db.close().catch(() => undefined);
    send({ type: "failed", message: describe(err), code: (err as NodeJS.ErrnoException).code });
    return;
  }
  port.on("message", (m: ToWorkerMessage) => {
    if (m.type === "dump") {
      void dump(db, m.id);
      return;
    }
    if (m.type !== "close") return;
    void (async () => {
      await server.close();
      if (!db.closed) await db.close();
      send({ type: "closed" });
      port.close();
    })().catch((err: unknown) => send({ type: "fatal", message: describe(err) }));
  });
  send({ type: "ready" });
}

/**
 * The data directory as a gzipped tarball (backups): PGlite runs one statement at a time, so the
 * tarball is taken between two statements, a consistent crash image whose committed transactions
 * are all in it (an open one is rolled back when it is loaded, as after a power cut).
 */
async function dump(db: PGlite, id: number): Promise<void> {
  try {
    const blob = await db.dumpDataDir("gzip");
    const data = new Uint8Array(await blob.arrayBuffer());
    port.postMessage({ type: "dumped", id, data } satisfies WorkerMessage, [data.buffer]);
  } catch (err) {
    send({ type: "dumped", id, message: describe(err) });
  }
}

void start();
