import { eq, sql } from "drizzle-orm";
import type { LiveEvent } from "#shared/schemas/events.ts";
import type { Queryable } from "../db/client.ts";
import { commentSignature, pieceSignature } from "../db/blocks-sql.ts";
import { blocks } from "../db/schema/index.ts";
import type { Deps } from "../deps.ts";

/*
 * A blocker's open live streams drop the events of writers they block (issue 13 item 5). Events
 * are public and carry no identity, so the filter runs on the server, per connection: it keeps
 * the viewer's blocks (writers' ids and the signature blocked, never sent) and looks up, by primary
 * key, who wrote the piece or comment an event names and how it is signed: as in the listings, a
 * block hides only what its writer signed the way the blocker saw (review finding 1). A
 * connection without blocks costs nothing.
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

/** Runs `listener` when `userId`'s blocks change (here or on another instance); returns its removal. */
export function onBlocksChanged(deps: Deps, userId: string, listener: Listener): () => void {
  const registry = registryOf(deps).listeners;
  const set = registry.get(userId) ?? new Set<Listener>();
  set.add(listener);
  registry.set(userId, set);
  return () => {
    set.delete(listener);
    if (set.size === 0) registry.delete(userId);
  };
}

/** A writer and a signature: "writer|scope|alias". */
export type SignedBy = string;
export const signedBy = (writer: string, scope: string, alias: string | null): SignedBy => `${writer}|${scope}|${alias ?? ""}`;

/** The signatures `blockerId` blocks, each "writer|scope|alias" (write-in panels and results use them too). */
export async function blockedSignatures(db: Queryable, blockerId: string): Promise<Set<SignedBy>> {
  const rows = await db.select({ id: blocks.blockedId, scope: blocks.scope, alias: blocks.alias }).from(blocks).where(eq(blocks.blockerId, blockerId));
  return new Set(rows.map((r) => signedBy(r.id, r.scope, r.alias)));
}

type SignedRow = { writer: string | null; scope: string | null; alias: string | null };

/** Who wrote the piece and the comment an event names, and how each is signed (null when gone or not named). */
async function signaturesOf(db: Queryable, pieceId: string, commentId: string | null): Promise<(SignedBy | null)[]> {
  const piece = pieceSignature(sql`s.submission_type`, sql`s.author_alias`);
  const comment = commentSignature(sql`c.user_id = s.user_id`, sql`s.submission_type`, sql`s.author_alias`, sql`u.alias`);
  const { rows: pieces } = (await db.execute(
    sql`select s.user_id as writer, ${piece.scope} as scope, ${piece.alias} as alias from submissions s where s.id = ${pieceId}::uuid`,
  )) as unknown as { rows: SignedRow[] };
  const { rows: comments } = commentId
    ? ((await db.execute(sql`select c.user_id as writer, ${comment.scope} as scope, ${comment.alias} as alias
        from submission_comments c join submissions s on s.id = c.submission_id join users u on u.id = c.user_id
        where c.id = ${commentId}::uuid`)) as unknown as { rows: SignedRow[] })
    : { rows: [] };
  const key = (r: SignedRow | undefined) => (r?.writer && r.scope ? signedBy(r.writer, r.scope, r.alias) : null);
  return [key(pieces[0]), key(comments[0])];
}

const PIECE_WRITERS_KEPT = 2000;

/** One connection's filter. `hides(event)` is true for an event about a piece or comment a block covers. */
export class ViewerBlockFilter {
  private blocked = new Set<SignedBy>();
  private pieceWriters = new Map<string, SignedBy | null>();
  private loading: Promise<void> = Promise.resolve();
  private readonly stop: () => void;

  /** `onChange` runs when the viewer's blocks changed, once the filter has the new ones. */
  constructor(
    private readonly deps: Deps,
    userId: string,
    onChange: () => void = () => undefined,
  ) {
    const load = () => {
      this.loading = blockedSignatures(deps.db, userId)
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
    const commentId = event.type === "piece:commented" || event.type === "circle:commented" ? (event.payload.commentId ?? null) : null;
    let pieceWriter = this.pieceWriters.get(pieceId);
    let commentWriter: string | null = null;
    if (pieceWriter === undefined || commentId) {
      const [p = null, cw = null] = await signaturesOf(this.deps.db, pieceId, commentId);
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
