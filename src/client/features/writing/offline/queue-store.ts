import { createStore, del, get, set, values, type UseStore } from "idb-keyval";
import { enqueue, type QueuedPiece, type QueueStore, type TryLock } from "./queue.ts";

/** The queue in IndexedDB (a database of its own: idb-keyval makes one store per database). */
let idb: UseStore | null = null;
const store = () => (idb ??= createStore("inkwell-queue", "pieces"));

const CHANNEL = "inkwell-queue";
/**
 * Told of a change; `sentElsewhere`: the keys another tab has just sent (this tab may be showing
 * them as waiting). As another tab posted them: a listener looks them up, so anything else matches nothing.
 */
type QueueListener = (sentElsewhere: readonly unknown[]) => void;
const listeners = new Set<QueueListener>();
let channel: BroadcastChannel | null = null;

/** Something in the queue changed, here or in another tab of this browser. */
export function onQueueChange(listener: QueueListener): () => void {
  if (!channel && typeof BroadcastChannel !== "undefined") {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (e: MessageEvent<{ sent?: unknown } | null>) => {
      const sent: readonly unknown[] = Array.isArray(e.data?.sent) ? e.data.sent : [];
      listeners.forEach((l) => l(sent));
    };
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells this tab's listeners and the other tabs (with the keys this tab has just sent). */
export function queueChanged(sent: string[] = []): void {
  listeners.forEach((l) => l([]));
  channel?.postMessage({ sent });
}

/** Puts a piece in the queue (queue.ts `enqueue`: one piece however often it is pressed). */
export async function enqueuePiece(item: QueuedPiece): Promise<void> {
  await enqueue(idbQueueStore, item);
  queueChanged();
}

export const idbQueueStore: QueueStore = {
  all: async () => (await values<QueuedPiece>(store())).filter((v) => typeof v?.key === "string"),
  get: (key) => get<QueuedPiece>(key, store()),
  put: (item) => set(item.key, item, store()),
  remove: (key) => del(key, store()),
};

/** The Web Locks API, asking without waiting; without it (old browsers) the server's idempotency key is the only guard. */
export const webLock: TryLock = async (name, run) => {
  if (typeof navigator === "undefined" || !navigator.locks) return run();
  return navigator.locks.request(name, { ifAvailable: true }, async (lock) => (lock ? run() : null));
};
