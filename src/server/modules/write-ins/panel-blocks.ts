import type { WriteInPanel, WriteInPanelDelta } from "#shared/schemas/write-ins.ts";
import type { Queryable } from "../../db/client.ts";
import { blockedSignatures, signedBy, type SignedBy } from "../../realtime/viewer-blocks.ts";

/*
 * Blocks apply to a write-in as to pieces (decision 017): a viewer's panel and results leave out
 * the named entries of a writer they block, signed the way the block was made (by name, or by
 * that alias: a block never tells the blocker that two signatures are one person). The counts
 * (joined, writing, the words in all, how many are anonymous) stay everyone's: they name no one.
 * A visitor, or a viewer who blocks no one, is handed the shared body untouched.
 */

const NONE: ReadonlySet<SignedBy> = new Set();

/** The signatures the viewer blocks (none for a visitor). */
export function writeInBlocksOf(db: Queryable, viewerId: string | null): Promise<ReadonlySet<SignedBy>> {
  return viewerId ? blockedSignatures(db, viewerId) : Promise.resolve(NONE);
}

interface SignedSeat {
  seat: number;
  user_id: string;
  signature: "name" | "alias" | "anonymous";
  alias: string | null;
  label: string | null;
}

/** The seats shown named that the viewer's blocks cover. */
export function blockedSeats(rows: readonly SignedSeat[], blocked: ReadonlySet<SignedBy>): ReadonlySet<number> {
  if (blocked.size === 0) return new Set();
  const seats = new Set<number>();
  for (const r of rows) {
    if (r.label === null || r.signature === "anonymous") continue;
    if (blocked.has(signedBy(r.user_id, r.signature, r.signature === "alias" ? r.alias : null))) seats.add(r.seat);
  }
  return seats;
}

/** The rows a viewer may see named (result rows carry no seat, so they are matched by signature). */
export function unblockedRows<T extends Omit<SignedSeat, "seat">>(rows: readonly T[], blocked: ReadonlySet<SignedBy>): T[] {
  if (blocked.size === 0) return [...rows];
  return rows.filter((r) => r.label === null || r.signature === "anonymous" || !blocked.has(signedBy(r.user_id, r.signature, r.signature === "alias" ? r.alias : null)));
}

/** A panel without the named entries of `seats`. */
export function withoutSeats(body: WriteInPanel, seats: ReadonlySet<number>): WriteInPanel {
  return seats.size === 0 ? body : { ...body, named: body.named.filter((n) => !seats.has(n.seat)) };
}

/** A delta without the named entries of `seats`; those it names go as gone (a page showing one takes it away). */
export function deltaWithout(delta: WriteInPanelDelta, seats: ReadonlySet<number>): WriteInPanelDelta {
  if (seats.size === 0) return delta;
  const hidden = delta.named.filter((n) => seats.has(n.seat)).map((n) => n.seat);
  return { ...delta, named: delta.named.filter((n) => !seats.has(n.seat)), gone: [...new Set([...delta.gone, ...hidden])] };
}
