/** A uuid v4 for the idempotency key (crypto.randomUUID needs a secure context; this does not). */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === "function" && globalThis.isSecureContext) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** One try at saving or publishing: what was sent, and the key it went with. */
export interface Attempt {
  fingerprint: string;
  key: string;
}

/**
 * The key for sending `fingerprint` (everything the request says, and whose it is): the same
 * attempt, a retry after a time-out, keeps its key, so it can only ever make one piece; anything
 * changed is a new attempt with a new key.
 */
export function attemptFor(previous: Attempt | null, fingerprint: string, newKey: () => string = newRequestKey): Attempt {
  return previous?.fingerprint === fingerprint ? previous : { fingerprint, key: newKey() };
}
