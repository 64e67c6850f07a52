import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import type { Deps } from "../deps.ts";

/*
 * Per-writer signals (issue 14 item 6): "something of yours changed, read it again". Sent on a
 * PostgreSQL channel of its own carrying the writer's id only — never content, never stored,
 * never sent to a browser as such. Sent inside the transaction that made the change, so it goes
 * out on commit, to every instance (this one included, through its own LISTEN); each instance
 * tells that writer's open streams, which read what they send (the unread count) themselves.
 */

type Listener = () => void;
export const USER_CHANNEL = "inkwell_user";
interface Registry {
  listeners: Map<string, Set<Listener>>;
  /** Settles once this instance LISTENs on the channel. */
  listening: Promise<void>;
}
const registries = new WeakMap<Deps, Registry>();

function registryOf(deps: Deps): Registry {
  let registry = registries.get(deps);
  if (!registry) {
    const listeners = new Map<string, Set<Listener>>();
    const listening = deps.database
      .listen(USER_CHANNEL, (userId) => {
        for (const l of listeners.get(userId) ?? []) l();
      })
      .then(() => undefined)
      .catch(() => undefined);
    registry = { listeners, listening };
    registries.set(deps, registry);
  }
  return registry;
}

/** Tells `userId`'s open streams on every instance, when `q`'s transaction commits, that their notifications changed. */
export async function signalUser(q: Queryable, userId: string): Promise<void> {
  await q.execute(sql`select pg_notify(${USER_CHANNEL}, ${userId})`);
}

/** Calls `listener` whenever `userId` is signalled; `ready` settles once signals can arrive. */
export function onUserSignal(deps: Deps, userId: string, listener: Listener): { ready: Promise<void>; stop: () => void } {
  const { listeners: registry, listening } = registryOf(deps);
  const set = registry.get(userId) ?? new Set<Listener>();
  set.add(listener);
  registry.set(userId, set);
  const stop = () => {
    set.delete(listener);
    if (set.size === 0) registry.delete(userId);
  };
  return { ready: listening, stop };
}
