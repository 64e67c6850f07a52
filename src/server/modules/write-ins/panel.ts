import { sql } from "drizzle-orm";
import { z } from "zod";
import { WRITE_IN_MAX_PARTICIPANTS, WRITE_IN_PANEL_TICK_MS, WRITE_IN_PRESENT_MS } from "#shared/constants.ts";
import { SIGNATURES } from "#shared/domain/author.ts";
import { writeInState } from "#shared/domain/write-ins.ts";
import type { WriteInPanel } from "#shared/schemas/write-ins.ts";
import { viewerIdOf, viewerOf } from "../../db/audience.ts";
import type { Queryable } from "../../db/client.ts";
import { timestampColumn, typedRows } from "../../db/typed-rows.ts";
import type { Deps } from "../../deps.ts";
import type { SessionUser } from "../../http/session-user.ts";
import { writeInTimesFor, type WriteInTimesRow } from "./access.ts";
import { blockedSeats, withoutSeats, writeInBlocksOf } from "./panel-blocks.ts";

/*
 * The live panel (issue 30 item 2): how many write, the total, and for those who show their
 * name (or alias) in this write-in, the label and the count. Never a text, never a user id (a
 * seat is a number within one write-in). Each instance reads a write-in's participants at most
 * once per WRITE_IN_PANEL_TICK_MS, however many panels ask (one read of at most
 * WRITE_IN_MAX_PARTICIPANTS rows by the primary key's prefix), and answers every panel from that
 * snapshot: on two instances each reads its own, so the panels agree within a tick. A restart
 * loses nothing: the counts are the table's.
 */

const participantRow = z.object({
  seat: z.number(),
  user_id: z.string(),
  signature: z.enum(SIGNATURES),
  label: z.string().nullable(),
  alias: z.string().nullable(),
  words: z.number(),
  seen_at: timestampColumn,
  left_at: timestampColumn.nullable(),
});
type ParticipantRow = z.output<typeof participantRow>;

export function participantsQuery(writeInId: string, now: Date) {
  return sql`
    select p.seat, p.user_id, p.signature,
      -- A suspended writer is counted, never named (decision 017), even one suspended after joining.
      case when u.suspended_at is not null and (u.suspended_until is null or u.suspended_until > ${now.toISOString()}::timestamptz) then null
        when p.signature = 'name' then u.name when p.signature = 'alias' then p.alias else null end as label,
      nullif(btrim(p.alias), '') as alias, p.words, p.seen_at, p.left_at
    from write_in_participants p join users u on u.id = p.user_id
    where p.write_in_id = ${writeInId}::uuid
    order by p.seat
    limit ${WRITE_IN_MAX_PARTICIPANTS}`;
}

interface Snapshot {
  at: number;
  rows: Promise<ParticipantRow[]>;
}

const MAX_SNAPSHOTS = 500;
const snapshots = new WeakMap<Deps, Map<string, Snapshot>>();

/**
 * The write-in's participants, as read at most `maxAgeMs` (one tick) ago on this instance. The
 * live stream's tick asks for a fresh read (0): a snapshot a tick old would add a tick to what its
 * listeners wait for.
 */
export function participantsOf(deps: Deps, q: Queryable, writeInId: string, now: number, maxAgeMs = WRITE_IN_PANEL_TICK_MS): Promise<ParticipantRow[]> {
  let mine = snapshots.get(deps);
  if (!mine) snapshots.set(deps, (mine = new Map()));
  const hit = mine.get(writeInId);
  if (hit && now - hit.at < maxAgeMs && now >= hit.at) return hit.rows;
  const rows = typedRows(q, participantsQuery(writeInId, new Date(now)), participantRow);
  mine.delete(writeInId);
  mine.set(writeInId, { at: now, rows });
  rows.catch(() => mine.get(writeInId)?.rows === rows && mine.delete(writeInId));
  if (mine.size > MAX_SNAPSHOTS) mine.delete(mine.keys().next().value!);
  return rows;
}

export const isWriting = (r: Pick<ParticipantRow, "seen_at" | "left_at">, now: number) => r.left_at === null && now - r.seen_at.getTime() < WRITE_IN_PRESENT_MS;

/** The panel everyone sees at `now` (the same body for every viewer: `yourSeat` is null here). */
export function panelBody(row: WriteInTimesRow, rows: ParticipantRow[], now: number): WriteInPanel {
  const named = rows.filter((r) => r.label !== null);
  return {
    id: row.id,
    state: writeInState({ startsAt: row.starts_at.getTime(), endsAt: row.ends_at.getTime(), canceled: row.canceled_at !== null }, now),
    now,
    joined: rows.length,
    writing: rows.filter((r) => isWriting(r, now)).length,
    totalWords: rows.reduce((n, r) => n + r.words, 0),
    anonymous: rows.length - named.length,
    named: named.map((r) => ({ seat: r.seat, label: r.label!, words: r.words, writing: isWriting(r, now) })),
    yourSeat: null,
  };
}

/** GET /api/write-ins/:id/panel: the panel, with the viewer's own seat (a number, or null), less the writers they block. */
export async function writeInPanel(deps: Deps, user: SessionUser | null, id: string): Promise<WriteInPanel> {
  const viewer = viewerOf(user);
  const me = viewerIdOf(viewer);
  const now = deps.clock.now().getTime();
  const row = await writeInTimesFor(deps.db, id, viewer);
  const [rows, blocked] = await Promise.all([participantsOf(deps, deps.db, row.id, now), writeInBlocksOf(deps.db, me)]);
  return { ...withoutSeats(panelBody(row, rows, now), blockedSeats(rows, blocked)), yourSeat: rows.find((r) => r.user_id === me)?.seat ?? null };
}
