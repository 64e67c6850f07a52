import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Database, Db, NotificationHandler, PoolStats } from "./database.ts";
import * as schema from "./schema/index.ts";
import { logError } from "../log.ts";

/*
 * A PostgreSQL server can go away at any moment (a crash, a restart, a failover). The app must
 * outlive it: every connection — pooled, checked out, or listening — has an error handler, so a
 * dying server is an error the request sees (a 503), never an unhandled 'error' event that ends
 * the process; the pool makes new connections when the server is back; the LISTEN connection
 * reconnects by itself, with backoff, re-LISTENs, and tells its subscribers that notifications
 * were lost in the gap so they can resynchronise.
 */

/** A request waits at most this long for a connection before it is told the database is unavailable. */
const CONNECT_TIMEOUT_MS = 5000;
const LISTEN_RETRY_MIN_MS = 250;
const LISTEN_RETRY_MAX_MS = 10_000;
const MIGRATION_LOCK = 727274;
/**
 * The app's statements are short reads and writes through indexes, never worth compiling: at a
 * million pieces a search's estimated cost (a branch it skips at run time counts in the estimate)
 * passed jit_above_cost, and compiling it took 80-200 ms of a 3 ms query (issue 28 item 4). The
 * pool runs this on each new connection before handing it out (pg-pool awaits `onConnect`).
 */
export const noJit = async (client: pg.ClientBase): Promise<void> => {
  try {
    await client.query("set jit = off");
  } catch (err) {
    // A server without JIT at all (a PostgreSQL-compatible one): nothing to turn off.
    if ((err as { code?: string }).code !== "42704") throw err;
  }
};

const logLine = (msg: string, err?: unknown) => logError(msg, err ?? new Error("connection ended"));

/** The one LISTEN connection of an app instance, kept alive across server restarts. */
class Listener {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  private readonly gapHandlers = new Set<() => void>();
  private retryMs = LISTEN_RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private lost = false;
  private readonly dropped = new WeakSet<pg.Client>();

  constructor(private readonly url: string) {}

  async listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    let set = this.handlers.get(channel);
    if (!set) {
      const client = await this.connected();
      await client.query(`LISTEN ${channel}`);
      // Registered only once LISTEN succeeded: a failed first attempt leaves nothing half-done.
      set = this.handlers.get(channel) ?? new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    const handlers = set;
    return async () => {
      handlers.delete(handler);
    };
  }

  /** Connected and not lost: a notification sent now will arrive. */
  get live(): boolean {
    return !this.closed && !this.lost && this.client !== undefined;
  }

  onGap(handler: () => void): () => void {
    this.gapHandlers.add(handler);
    return () => this.gapHandlers.delete(handler);
  }

  private connected(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    client.on("error", (err) => this.drop(client, err));
    client.on("end", () => this.drop(client));
    client.on("notification", (msg) => {
      for (const h of this.handlers.get(msg.channel) ?? []) h(msg.payload ?? "");
    });
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (err) {
      this.dropped.add(client);
      client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      // Closed while this connection was being made: do not keep it.
      this.dropped.add(client);
      await client.end().catch(() => undefined);
      throw new Error("listener closed");
    }
    this.client = client;
    return client;
  }

  /** The connection broke: forget it and reconnect with backoff. */
  private drop(client: pg.Client, err?: unknown) {
    // 'error' and 'end' both come for one broken connection: act once per connection.
    if (this.closed || this.dropped.has(client) || (this.client && this.client !== client)) return;
    this.dropped.add(client);
    if (this.client !== client) return; // failed while connecting: connect() reports it
    this.client = undefined;
    client.end().catch(() => undefined);
    if (!this.lost) logLine("postgres listener lost; reconnecting", err);
    this.lost = true;
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.reconnect(), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, LISTEN_RETRY_MAX_MS);
  }

  private async reconnect() {
    if (this.closed) return;
    try {
      await this.connected();
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.retryMs = LISTEN_RETRY_MIN_MS;
    this.lost = false;
    console.log(JSON.stringify({ level: "info", msg: "postgres listener reconnected" }));
    // Notifications sent while we were away are gone: whoever relies on them must catch up.
    for (const h of this.gapHandlers) {
      try {
        h();
      } catch (err) {
        logLine("live resync handler failed", err);
      }
    }
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    await this.client?.end().catch(() => undefined);
  }
}

/**
 * A pool whose checked-out clients cannot leak. drizzle's transaction() sends BEGIN before its
 * try/finally, so a connection that dies right then is never released: each outage could keep
 * one pool slot forever. Here a client checked out for a transaction goes back (as broken) the
 * moment its connection fails, and a second release by its borrower is a no-op.
 */
/** `pool.query` as `Database.sql`: a script of several statements answers with its last result. */
export async function rawQuery(pool: pg.Pool, text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
  const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
  return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
}

/** pg's own counts, read when scraped. */
export const poolStatsOf = (pool: pg.Pool): PoolStats => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });

export class GuardedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback); // pool.query's own path, which releases on error itself
    return super.connect().then(guardCheckout);
  }
}

function guardCheckout(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const finish = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener("error", finish);
    release(err);
  };
  client.once("error", finish);
  client.release = finish;
  return client;
}

export async function openPostgres(url: string, migrationsFolder: string): Promise<Database> {
  const pool = new GuardedPool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true, onConnect: noJit });
  // Idle connections report through the pool; checked-out ones through their own client. Once
  // closing, an error is the end of a connection we let go: pool.end() resolves before the
  // server has seen every socket close, so a database dropped right after can still reach one.
  let closing = false;
  const lost = (err: Error) => {
    if (!closing) logLine("postgres connection lost", err);
  };
  pool.on("error", lost);
  pool.on("connect", (client) => client.on("error", lost));
  const db = drizzle(pool, { schema, casing: "snake_case" }) as unknown as Db;
  // Serialise migrations across app instances starting together.
  const lockClient = await pool.connect();
  try {
    await lockClient.query(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    await migrate(drizzle(lockClient), { migrationsFolder });
  } finally {
    await lockClient.query(`select pg_advisory_unlock(${MIGRATION_LOCK})`).catch(() => undefined);
    lockClient.release();
  }
  const listener = new Listener(url);
  return {
    kind: "postgres",
    db,
    listen: (channel, handler) => listener.listen(channel, handler),
    onNotificationGap: (handler) => listener.onGap(handler),
    notificationsLive: () => listener.live,
    async ping() {
      await pool.query("select 1");
    },
    poolStats: () => poolStatsOf(pool),
    sql: (text, values) => rawQuery(pool, text, values),
    async close() {
      closing = true;
      await listener.close();
      await pool.end();
    },
  };
}
