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
 * A block or unblock made on this instance reaches its writer's open streams at once; one made
 * on another instance reaches them when they reconnect (the blocker's own tab reloads its feed
 * after blocking, and that feed is filtered by the database either way).
 */

type Listener = () => void;
const registries = new WeakMap<Deps, Map<string, Set<Listener>>>();

function registryOf(deps: Deps): Map<string, Set<Listener>> {
  let r = registries.get(deps);
  if (!r) registries.set(deps, (r = new Map()));
  return r;
}

/** Tells `userId`'s open streams on this instance that their blocks changed. */
export function blocksChanged(deps: Deps, userId: string): void {
  for (const l of registryOf(deps).get(userId) ?? []) l();
}

function onBlocksChanged(deps: Deps, userId: string, listener: Listener): () => void {
  const registry = registryOf(deps);
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

  constructor(
    private readonly deps: Deps,
    userId: string,
  ) {
    const load = () => {
      this.loading = blockedWriters(deps.db, userId).then((s) => void (this.blocked = s));
    };
    load();
    this.stop = onBlocksChanged(deps, userId, load);
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
