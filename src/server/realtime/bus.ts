import { and, asc, gt, lt, sql } from "drizzle-orm";
import type { Database, Queryable } from "../db/client.ts";
import { publicLiveEvent, type LiveEvent, type LiveEventPayload, type LiveEventType } from "#shared/schemas/events.ts";
import { events } from "../db/schema/index.ts";
import { logError } from "../log.ts";

/**
 * An event as stored and fanned out: one of the public union (shared/schemas/events.ts) and
 * its row id, which is the SSE event id. Only public data travels here: it is sent to every
 * visitor's live feed.
 */
export type StoredLiveEvent = LiveEvent & { id: number };

type Listener = (event: StoredLiveEvent) => void;

/** A stored row or NOTIFY message as a typed event; anything outside the union is dropped. */
function toStored(id: number, type: string, payload: unknown): StoredLiveEvent | null {
  const event = publicLiveEvent(type, payload);
  return event && { ...event, id };
}

const CHANNEL = "inkwell_events";
const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Live events through PostgreSQL: each event is a row (so a reconnecting client can catch up
 * from Last-Event-ID) and a NOTIFY, which every app instance on the same database LISTENs to.
 * A NOTIFY sent inside a transaction is delivered only when it commits.
 */
export class RealtimeBus {
  private listeners = new Set<Listener>();
  private resyncListeners = new Set<() => void>();
  private localListeners = new Set<Listener>();
  private unlisten: (() => Promise<void>) | undefined;
  private unwatchGaps: (() => void) | undefined;
  private lastDeliveredId = 0;
  private deliveryWaiters: { id: number; resolve: () => void }[] = [];

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHANNEL, (raw) => {
      let event: StoredLiveEvent | null;
      try {
        const message = JSON.parse(raw) as { id: number; type: string; payload: unknown };
        event = toStored(Number(message.id), String(message.type), message.payload);
      } catch {
        return;
      }
      if (!event) return;
      for (const l of this.listeners) {
        try {
          l(event);
        } catch (err) {
          logError("live listener failed", err);
        }
      }
      this.delivered(event.id);
    });
    // The LISTEN connection came back after an outage: events in the gap were never delivered here.
    this.unwatchGaps = this.database.onNotificationGap(() => this.resync());
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unwatchGaps?.();
    this.listeners.clear();
    this.resyncListeners.clear();
    this.localListeners.clear();
  }

  /** Records and announces an event; pass the transaction so it goes out only on commit. */
  async publish<T extends LiveEventType>(q: Queryable, type: T, payload: LiveEventPayload<T>): Promise<void> {
    // One statement: the row, and the NOTIFY of it ({ id, type, payload } as JSON). Inside a
    // transaction the NOTIFY goes out on commit, after the local listeners below; outside one,
    // PGlite may deliver it during this statement, before them (a listener must allow for that).
    const result = await q.execute(sql`with e as (insert into ${events} (type, payload) values (${type}, ${JSON.stringify(payload)}::jsonb) returning id, type, payload)
      select e.id, pg_notify(${CHANNEL}, json_build_object('id', e.id, 'type', e.type, 'payload', e.payload)::text) from e`);
    if (this.localListeners.size === 0) return;
    const id = Number((result as unknown as { rows: { id: number | string }[] }).rows[0]!.id);
    const event = toStored(id, type, payload);
    if (!event) return;
    for (const l of this.localListeners) {
      try {
        l(event);
      } catch (err) {
        logError("local event listener failed", err);
      }
    }
  }

  /**
   * Called when this instance records an event, before its transaction commits (it may still roll
   * back). The same event is delivered to subscribe() listeners only after the commit, through
   * NOTIFY, which on PostgreSQL can trail the writer's own response: a cache uses this to stop
   * serving what the event changes from the moment the write is made, so the writer's next read
   * on this instance is never older than their write.
   */
  onLocalPublish(listener: Listener): () => void {
    this.localListeners.add(listener);
    return () => this.localListeners.delete(listener);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Called when this instance may have missed events (its LISTEN connection was lost and is
   * back): whoever shows or caches what events describe must reload it.
   */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /** Tells every onResync listener that events may have been missed. */
  resync(): void {
    for (const l of this.resyncListeners) l();
  }

  /** Resolves once this instance has been delivered the event `id` or a later one (NOTIFY trails commits on PostgreSQL). */
  whenDelivered(id: number): Promise<void> {
    if (this.lastDeliveredId >= id) return Promise.resolve();
    return new Promise((resolve) => this.deliveryWaiters.push({ id, resolve }));
  }

  private delivered(id: number): void {
    this.lastDeliveredId = Math.max(this.lastDeliveredId, id);
    const due = this.deliveryWaiters.filter((w) => w.id <= this.lastDeliveredId);
    this.deliveryWaiters = this.deliveryWaiters.filter((w) => w.id > this.lastDeliveredId);
    for (const w of due) w.resolve();
  }

  /** Events after `lastId`, oldest first, for a client resuming with Last-Event-ID. */
  async since(lastId: number, limit = 500): Promise<StoredLiveEvent[]> {
    const rows = await this.database.db
      .select({ id: events.id, type: events.type, payload: events.payload })
      .from(events)
      .where(and(gt(events.id, lastId)))
      .orderBy(asc(events.id))
      .limit(limit);
    return rows.flatMap((r) => toStored(r.id, r.type, r.payload) ?? []);
  }

  async prune(now = new Date()): Promise<void> {
    await this.database.db.delete(events).where(lt(events.createdAt, new Date(now.getTime() - KEEP_MS)));
  }
}
