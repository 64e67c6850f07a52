import { and, asc, gt, lt, sql } from "drizzle-orm";
import type { Database, Queryable } from "../db/client.ts";
import { events } from "../db/schema/index.ts";

/** Only public data travels here: it is sent to every visitor's live feed. */
export interface LiveEvent {
  id: number;
  type: string;
  payload: Record<string, unknown>;
}

type Listener = (event: LiveEvent) => void;

const CHANNEL = "inkwell_events";
const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Live events through PostgreSQL: each event is a row (so a reconnecting client can catch up
 * from Last-Event-ID) and a NOTIFY, which every app instance on the same database LISTENs to.
 * A NOTIFY sent inside a transaction is delivered only when it commits.
 */
export class RealtimeBus {
  private listeners = new Set<Listener>();
  private unlisten: (() => Promise<void>) | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHANNEL, (raw) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(raw) as LiveEvent;
      } catch {
        return;
      }
      for (const l of this.listeners) {
        try {
          l(event);
        } catch (err) {
          console.error(JSON.stringify({ level: "error", msg: "live listener failed", err: String(err) }));
        }
      }
    });
    this.pruneTimer = setInterval(() => void this.prune().catch(() => undefined), 60 * 60 * 1000);
    this.pruneTimer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.pruneTimer);
    await this.unlisten?.();
    this.listeners.clear();
  }

  /** Records and announces an event; pass the transaction so it goes out only on commit. */
  async publish(q: Queryable, type: string, payload: Record<string, unknown>): Promise<void> {
    const [row] = await q.insert(events).values({ type, payload }).returning({ id: events.id });
    const message = JSON.stringify({ id: row!.id, type, payload } satisfies LiveEvent);
    await q.execute(sql`select pg_notify(${CHANNEL}, ${message})`);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Events after `lastId`, oldest first, for a client resuming with Last-Event-ID. */
  async since(lastId: number, limit = 500): Promise<LiveEvent[]> {
    const rows = await this.database.db
      .select({ id: events.id, type: events.type, payload: events.payload })
      .from(events)
      .where(and(gt(events.id, lastId)))
      .orderBy(asc(events.id))
      .limit(limit);
    return rows.map((r) => ({ id: r.id, type: r.type, payload: r.payload as Record<string, unknown> }));
  }

  async prune(now = new Date()): Promise<void> {
    await this.database.db.delete(events).where(lt(events.createdAt, new Date(now.getTime() - KEEP_MS)));
  }
}
