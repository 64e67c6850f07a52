import type { ServerResponse } from "node:http";
import type { Deps } from "../../deps.ts";

/*
 * Live streams hold a socket and memory on the instance that serves them, so their limits are
 * that instance's own (not shared through the database like request rates): a cap on how many
 * one client address and one account may hold open, and on how much a stream may have waiting
 * for a client that does not read. A dropped client reconnects with Last-Event-ID and resumes.
 */

/** Open streams one address may hold: a school or office behind one address has many readers. */
export const MAX_STREAMS_PER_ADDRESS = 100;
/** Open streams one account may hold (tabs and devices). */
export const MAX_STREAMS_PER_ACCOUNT = 10;
/** Bytes waiting in a stream's socket for a client that stopped reading; beyond this it is dropped. */
export const MAX_BUFFERED_BYTES = 256 * 1024;

class StreamSlots {
  private readonly open = new Map<string, number>();
  /** Streams open on this instance now (GET /metrics). */
  total = 0;

  /** Takes a slot for the address (and account), or null when either is at its cap. */
  take(address: string, accountId: string | null): (() => void) | null {
    const keys: [string, number][] = [[`a:${address}`, MAX_STREAMS_PER_ADDRESS]];
    if (accountId) keys.push([`u:${accountId}`, MAX_STREAMS_PER_ACCOUNT]);
    if (keys.some(([key, max]) => (this.open.get(key) ?? 0) >= max)) return null;
    for (const [key] of keys) this.open.set(key, (this.open.get(key) ?? 0) + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      for (const [key] of keys) {
        const left = (this.open.get(key) ?? 1) - 1;
        if (left > 0) this.open.set(key, left);
        else this.open.delete(key);
      }
    };
  }
}

const slots = new WeakMap<Deps, StreamSlots>();

export function streamSlots(deps: Deps): StreamSlots {
  let s = slots.get(deps);
  if (!s) slots.set(deps, (s = new StreamSlots()));
  return s;
}

/** True when the client has stopped reading and too much is waiting for it. */
export function fallenBehind(outgoing: Pick<ServerResponse, "writableLength"> | undefined): boolean {
  return (outgoing?.writableLength ?? 0) > MAX_BUFFERED_BYTES;
}
