import { eq, sql } from "drizzle-orm";
import type { LiveEvent } from "#shared/schemas/events.ts";
import type { Queryable } from "../db/client.ts";
import { blocks } from "../db/schema/index.ts";
import type { Deps } from "../deps.ts";

/*
 * A blocker's open live streams drop the events of writers they block (issue 13 item 5). Events
 * are public and carry no identity, so the filter runs on the server, per connection: it keeps
 * the blocked writers' ids (never sent) and looks up, by primary key, who wrote the piece or
 * comment an event names. A connection without blocks costs nothing.
 *
 * A block or unblock reaches its writer's open streams at once, on every instance: the change is
 * sent on a PostgreSQL channel of its own (BLOCKS_CHANNEL, carrying the blocker's id between
 * servers only: it is never an event, never stored, never sent to a browser). Each of that
 * writer's streams reloads its filter and tells its page to read what it shows again ("stale"),
 * so the blocked writer's pieces leave the blocker's other open tabs without a reload.
 */

type Listener = () => void;
const BLOCKS_CHANNEL = "inkwell_blocks";
interface Registry {
  /** This instance's name on the channel: its own notifications were already delivered here. */
  origin: string;
  listeners: Map<string, Set<Listener>>;
}
const registries = new WeakMap<Deps, Registry>();

function fire(listeners: Map<string, Set<Listener>>, userId: string): void {
  for (const l of listeners.get(userId) ?? []) l();
}

function registryOf(deps: Deps): Registry {
  let r = registries.get(deps);
  if (!r) {
    const created: Registry = { origin: crypto.randomUUID(), listeners: new Map() };
    registries.set(deps, created);
    // Blocks changed on another instance reach this instance's streams ("origin:userId").
    void deps.database
      .listen(BLOCKS_CHANNEL, (message) => {
        const [origin, userId] = message.split(":");
        if (origin !== created.origin && userId) fire(created.listeners, userId);
      })
      .catch(() => undefined);
    r = created;
  }
  return r;
}

/** Tells `userId`'s open streams, here at once and on every other instance by NOTIFY, that their blocks changed. */
export async function blocksChanged(deps: Deps, userId: string): Promise<void> {
  const { origin, listeners } = registryOf(deps);
  fire(listeners, userId);
  await deps.db.execute(sql`select pg_notify(${BLOCKS_CHANNEL}, ${`${origin}:${userId}`})`);
}

function onBlocksChanged(deps: Deps, userId: string, listener: Listener): () => void {
  const registry = registryOf(deps).listeners;
  const set = registry.get(userId) ?? new Set<Listener>();
  set.add(listener);
  registry.set(userId, set);
  return () => {
    set.delete(listener);
    if (set.size === 0) registry.delete(userId);
  };
}

async function blockedWriters(db: Queryable, blockerId: string): Promise<Set<string>> {
  const rows = await db.selectDistinct({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, blockerId));
  return new Set(rows.map((r) => r.id));
}

/** Who wrote the piece and the comment an event names (null when gone or not named). */
async function writersOf(db: Queryable, pieceId: string, commentId: string | null): Promise<(string | null)[]> {
  const { rows } = (await db.execute(sql`select
      (select user_id from submissions where id = ${pieceId}::uuid) as piece_writer,
      ${commentId ? sql`(select user_id from submission_comments where id = ${commentId}::uuid)` : sql`null::uuid`} as comment_writer`)) as unknown as {
    rows: { piece_writer: string | null; comment_writer: string | null }[];
  };
  const row = rows[0];
  return row ? [row.piece_writer, row.comment_writer] : [];
}

const PIECE_WRITERS_KEPT = 2000;

/** One connection's filter. `hides(event)` is true for an event about a blocked writer's piece or comment. */
export class ViewerBlockFilter {
  private blocked = new Set<string>();
  private pieceWriters = new Map<string, string | null>();
  private loading: Promise<void> = Promise.resolve();
  private readonly stop: () => void;

  /** `onChange` runs when the viewer's blocks changed, once the filter has the new ones. */
  constructor(
    private readonly deps: Deps,
    userId: string,
    onChange: () => void = () => undefined,
  ) {
    const load = () => {
      this.loading = blockedWriters(deps.db, userId)
        .then((s) => void (this.blocked = s))
        .catch(() => undefined);
      return this.loading;
    };
    void load();
    this.stop = onBlocksChanged(deps, userId, () => void load().then(onChange));
  }

  async hides(event: LiveEvent): Promise<boolean> {
    await this.loading;
    if (this.blocked.size === 0) return false;
    const pieceId = event.payload.id;
    const commentId = event.type === "piece:commented" ? (event.payload.commentId ?? null) : null;
    let pieceWriter = this.pieceWriters.get(pieceId);
    let commentWriter: string | null = null;
    if (pieceWriter === undefined || commentId) {
      const [p = null, cw = null] = await writersOf(this.deps.db, pieceId, commentId);
      pieceWriter = p;
      commentWriter = cw;
      if (p !== null) {
        if (this.pieceWriters.size >= PIECE_WRITERS_KEPT) this.pieceWriters.clear();
        this.pieceWriters.set(pieceId, p);
      }
    }
    return (pieceWriter !== null && this.blocked.has(pieceWriter)) || (commentWriter !== null && this.blocked.has(commentWriter));
  }

  close(): void {
    this.stop();
  }
}
