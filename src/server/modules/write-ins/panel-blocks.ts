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

const NO_SEATS: ReadonlySet<number> = new Set();

/** Whether the viewer's blocks cover this row as it is shown (a row shown unnamed never is). */
const covered = (r: Omit<SignedSeat, "seat">, blocked: ReadonlySet<SignedBy>) =>
  r.label !== null && r.signature !== "anonymous" && blocked.has(signedBy(r.user_id, r.signature, r.signature === "alias" ? r.alias : null));

/** The seats shown named that the viewer's blocks cover (the same empty set for a viewer who blocks no one: the stream asks per listener per tick). */
export function blockedSeats(rows: readonly SignedSeat[], blocked: ReadonlySet<SignedBy>): ReadonlySet<number> {
  if (blocked.size === 0) return NO_SEATS;
  return new Set(rows.filter((r) => covered(r, blocked)).map((r) => r.seat));
}

/** The rows a viewer may see named (result rows carry no seat, so they are matched by signature). */
export function unblockedRows<T extends Omit<SignedSeat, "seat">>(rows: readonly T[], blocked: ReadonlySet<SignedBy>): T[] {
  return blocked.size === 0 ? [...rows] : rows.filter((r) => !covered(r, blocked));
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
