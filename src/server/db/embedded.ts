import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Database, Db, NotificationHandler } from "./database.ts";
import type { EmbeddedWorkerData, ToWorkerMessage, WorkerMessage } from "./embedded-worker.ts";
import { serveBackups } from "../backup/control.ts";
import { lockDataDir } from "./lock.ts";
import { GuardedPool, poolStatsOf, rawQuery } from "./postgres.ts";
import * as schema from "./schema/index.ts";
import { logError } from "../log.ts";

/*
 * The embedded database (PGlite on DATA_DIR/db) off the request thread (decision 009): PGlite
 * runs in a worker thread that serves the PostgreSQL wire protocol on a Unix socket in a private
 * folder, and this thread uses the same `pg` pool as for a PostgreSQL server, with one
 * connection (PGlite is one session). The DATA_DIR lock stays with this process.
 */

/** A request waits at most this long for the one connection before it is told the database is unavailable. */
const CONNECT_TIMEOUT_MS = 15_000;
/** Closing waits this long for the worker to finish acknowledged work and close PGlite. */
const CLOSE_TIMEOUT_MS = 6_000;
const SOCKET_PORT = 5432;

/** Why the embedded database could not start, with the code the cause had (ENOSPC, …). */
export class EmbeddedStartError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * The worker's entry. Built (`npm run build`, what `npm start` runs) it is embedded-worker.js beside
 * this code; from the TypeScript sources (tests, `npm run dev`) it runs under tsx, whose loader a
 * new thread must register itself.
 */
export function workerEntry(moduleUrl: string = import.meta.url): URL {
  if (!moduleUrl.endsWith(".ts")) return new URL("./embedded-worker.js", moduleUrl);
  const entry = new URL("./embedded-worker.ts", moduleUrl).href;
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(entry)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

function startWorker(data: EmbeddedWorkerData): Promise<Worker> {
  const worker = new Worker(workerEntry(), { workerData: data });
  return new Promise((resolve, reject) => {
    // Only these listeners go: removing every 'message' listener stops the worker's port, and
    // later messages (closed, dumped) would never arrive.
    const done = () => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    const fail = (err: Error) => {
      done();
      void worker.terminate();
      reject(err);
    };
    const onMessage = (m: WorkerMessage) => {
      if (m.type === "ready") {
        done();
        resolve(worker);
      } else if (m.type === "failed") fail(new EmbeddedStartError(`The embedded database could not start: ${m.message}`, m.code));
    };
    const onError = (err: Error) => fail(new EmbeddedStartError(`The embedded database could not start: ${err.message}`));
    const onExit = (code: number) => fail(new EmbeddedStartError(`The embedded database could not start (its thread exited with code ${code}).`));
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
  });
}

export async function openEmbedded(dataDir: string, holder: string, migrationsFolder: string, backupDir = join(dataDir, "backups")): Promise<Database> {
  const lock = lockDataDir(dataDir, holder);
  let socketDir: string | undefined;
  let worker: Worker;
  try {
    const dbDir = join(dataDir, "db");
    mkdirSync(dbDir, { recursive: true });
    // A Unix socket path must stay short (~100 bytes), and only this user may reach it.
    socketDir = mkdtempSync(join(tmpdir(), "inkwell-db-"));
    const data = { dbDir, socketPath: join(socketDir, `.s.PGSQL.${SOCKET_PORT}`), migrationsFolder, dataDir, backupDir };
    // A new database is made (unpacked or initdb, then migrated) in a thread that then ends:
    // PGlite's WebAssembly memory grows while it does and never shrinks (~100 MB kept otherwise).
    if (!existsSync(join(dbDir, "PG_VERSION"))) await (await startWorker({ ...data, prepareOnly: true })).terminate();
    worker = await startWorker(data);
  } catch (err) {
    if (socketDir) rmSync(socketDir, { recursive: true, force: true });
    lock.release();
    throw err;
  }

  let closing = false;
  const dumps = new Map<number, { resolve(data: Uint8Array): void; reject(err: Error): void }>();
  let nextDump = 1;
  const closed = new Promise<void>((resolve) => {
    worker.on("message", (m: WorkerMessage) => {
      if (m.type === "closed") resolve();
      if (m.type === "dumped") {
        const waiting = dumps.get(m.id);
        dumps.delete(m.id);
        if (m.data) waiting?.resolve(m.data);
        else waiting?.reject(new Error(`The embedded database could not be copied: ${m.message ?? "unknown error"}`));
      }
      // PGlite itself broke: nothing it answers can be trusted. Exit so a supervisor restarts us.
      if (m.type === "fatal" && !closing) exitOnBrokenDatabase(m.message);
    });
    worker.on("error", (err) => !closing && exitOnBrokenDatabase(err.message));
    worker.on("exit", () => {
      resolve();
      if (!closing) exitOnBrokenDatabase("its thread stopped");
    });
  });

  // PGlite is one session: a connection made again (after one was lost) finds the statements the
  // last one prepared (db/typed-rows.ts), which its new client does not know of; they go first.
  const pool = new GuardedPool({
    host: socketDir,
    port: SOCKET_PORT,
    user: "postgres",
    database: "postgres",
    max: 1,
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    onConnect: async (client: pg.ClientBase) => void (await client.query("deallocate all")),
  });
  const handlers = new Map<string, Set<NotificationHandler>>();
  pool.on("error", (err) => logError("embedded database connection lost", err));
  pool.on("connect", (client: pg.PoolClient) => {
    client.on("error", (err) => logError("embedded database connection lost", err));
    // One session: a LISTEN made on any connection delivers here, on commit of the NOTIFY.
    client.on("notification", (msg) => {
      for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? "");
    });
  });
  const db = drizzle(pool, { schema, casing: "snake_case" }) as unknown as Db;

  const database: Database = {
    kind: "pglite",
    db,
    async listen(channel, handler) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      let set = handlers.get(channel);
      if (!set) {
        await pool.query(`LISTEN ${channel}`);
        set = handlers.get(channel) ?? new Set();
        handlers.set(channel, set);
      }
      set.add(handler);
      const registered = set;
      return async () => {
        registered.delete(handler);
      };
    },
    // One process, one session: notifications cannot be lost while it runs.
    onNotificationGap: () => () => undefined,
    notificationsLive: () => true,
    async ping() {
      await pool.query("select 1");
    },
    poolStats: () => poolStatsOf(pool),
    sql: (text, values) => rawQuery(pool, text, values),
    dumpDataDir() {
      if (closing) return Promise.reject(new Error("The embedded database is closing."));
      const id = nextDump++;
      return new Promise<Uint8Array>((resolve, reject) => {
        dumps.set(id, { resolve, reject });
        worker.postMessage({ type: "dump", id } satisfies ToWorkerMessage);
      });
    },
    async close() {
      closing = true;
      await backups.close();
      // Waits for queries in flight: every acknowledged write is done before PGlite closes.
      await pool.end();
      worker.postMessage({ type: "close" } satisfies ToWorkerMessage);
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref());
      await Promise.race([closed, timeout]);
      await worker.terminate();
      rmSync(socketDir, { recursive: true, force: true });
      lock.release();
    },
  };
  // `npm run backup` while the server runs reaches it here (backup/control.ts).
  const backups = await serveBackups(dataDir, socketDir, database);
  return database;
}

function exitOnBrokenDatabase(why: string): never {
  console.error(JSON.stringify({ level: "error", msg: "the embedded database stopped unexpectedly; exiting so inkwell can be restarted", why }));
  process.exit(1);
}
