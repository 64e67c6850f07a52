import { WRITE_IN_COUNT_GRACE_MS, WRITE_IN_PANEL_TICK_MS } from "#shared/constants.ts";
import type { WriteInPanelDelta } from "#shared/schemas/write-ins.ts";
import { viewerById, type Viewer } from "../../db/audience.ts";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { writeInTimesFor, type WriteInTimesRow } from "./access.ts";
import { blockedSeats, deltaWithout, withoutSeats } from "./panel-blocks.ts";
import { panelBody, participantsOf } from "./panel.ts";
import type { SignedBy } from "../../realtime/viewer-blocks.ts";

/*
 * The live panel pushed (issue 30 item 4: "each participant's panel updates within 2 s" with 500
 * writers). Each instance keeps one room per write-in that has listeners: every
 * WRITE_IN_PANEL_TICK_MS it reads the participants once (the snapshot of panel.ts, shared with
 * GET .../panel), builds ONE frame, serialises it ONCE and writes that same string to every
 * listener, only when something a panel shows changed (and every KEEP_FRESH_MS anyway, so a
 * page's server clock stays checked). A new listener gets the whole panel (`event: panel`); the
 * ticks send what changed (`event: delta`: the totals, the named entries that changed, the seats
 * no longer named), so 500 writers' phones are not sent 500 names every second. Every value in a
 * delta is absolute, so a listener whose whole panel is newer than the last tick applies it
 * safely. Nothing per viewer is in a frame: a page knows its own seat from joining. The one
 * exception is a listener who blocks a writer shown named: it gets the frame without that
 * writer's entries (panel-blocks.ts), serialised for it alone; every other listener shares one. On two instances each reads the table for its own listeners: counts written on
 * one reach the other's panels within a tick (the "short-interval table read" of the issue,
 * chosen over LISTEN/NOTIFY: one read a second per write-in instead of a NOTIFY per count).
 *
 * Each listener's right to read the write-in is asked again every RECHECK_MS (a writer removed
 * from a circle stops hearing its panel); the room closes its listeners a little after the end
 * (the final counts are in by then), when the write-in is canceled, and on shutdown.
 */

/** A frame goes at least this often, even when nothing changed (the page's clock check). */
export const KEEP_FRESH_MS = 10_000;
/** A whole panel goes to every listener at least this often. */
export const WHOLE_EVERY_MS = 60_000;
/** How often a listener's right to read the write-in is asked again. */
export const RECHECK_MS = 30_000;
/** At most this many listeners are asked again in one tick. */
const RECHECKS_PER_TICK = 25;
/** After the end and the counts' grace, the last frame goes and the streams close. */
export const PANEL_CLOSE_AFTER_END_MS = WRITE_IN_COUNT_GRACE_MS + 5_000;

export interface PanelListener {
  viewer: Viewer;
  /** The signatures this viewer blocks (kept current by panel-sse.ts's onBlocksChanged, here and on other instances). */
  blocked: ReadonlySet<SignedBy>;
  /** Writes a whole SSE frame; false when the client stopped reading (it is then dropped). */
  write: (frame: string) => boolean;
  close: () => void;
}

interface Room {
  row: WriteInTimesRow;
  listeners: Map<PanelListener, number>;
  timer: ReturnType<typeof setInterval>;
  reading: boolean;
  /** The totals last broadcast, and each named seat's entry as last broadcast (JSON). */
  last: string;
  named: Map<number, string>;
  lastSentAt: number;
  lastWholeAt: number;
  /** Listeners still owed a whole panel (their first read failed): the next tick sends them one. */
  waiting: Set<PanelListener>;
}

export const panelFrame = (event: "panel" | "delta", json: string) => `event: ${event}\ndata: ${json}\n\n`;

class PanelHub {
  private readonly rooms = new Map<string, Room>();

  constructor(private readonly deps: Deps) {}

  /** Listeners on this instance now (GET /metrics could show it; tests read it). */
  get listening(): number {
    let n = 0;
    for (const room of this.rooms.values()) n += room.listeners.size;
    return n;
  }

  /** Adds a listener (who may read `row`, asked already) and sends it the panel at once. Returns its removal. */
  listen(row: WriteInTimesRow, listener: PanelListener): () => void {
    let room = this.rooms.get(row.id);
    if (!room) {
      const made: Room = { row, listeners: new Map(), reading: false, last: "", named: new Map(), lastSentAt: 0, lastWholeAt: this.deps.clock.now().getTime(), waiting: new Set(), timer: setInterval(() => void this.tick(made), WRITE_IN_PANEL_TICK_MS) };
      made.timer.unref?.();
      this.rooms.set(row.id, (room = made));
    }
    room.listeners.set(listener, this.deps.clock.now().getTime());
    room.waiting.add(listener);
    const joined = room;
    void this.welcome(joined, listener);
    return () => this.remove(joined, listener);
  }

  /** A new listener's whole panel, at once (from a snapshot at most a tick old); if it cannot be read, the next tick sends it. */
  private async welcome(room: Room, listener: PanelListener): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const rows = await participantsOf(this.deps, this.deps.db, room.row.id, now).catch(() => null);
    if (!rows || !room.waiting.has(listener)) return;
    room.waiting.delete(listener);
    const body = withoutSeats(panelBody(room.row, rows, now), blockedSeats(rows, listener.blocked));
    if (!listener.write(panelFrame("panel", JSON.stringify(body)))) this.drop(room, listener);
  }

  /** The listener's blocks changed (a block or unblock made now): its next frame is a whole panel, read with them. */
  reblocked(writeInId: string, listener: PanelListener, blocked: ReadonlySet<SignedBy>): void {
    const room = this.rooms.get(writeInId);
    if (!room?.listeners.has(listener)) return;
    listener.blocked = blocked;
    room.waiting.add(listener);
  }

  private remove(room: Room, listener: PanelListener): void {
    room.waiting.delete(listener);
    room.listeners.delete(listener);
    if (room.listeners.size > 0) return;
    clearInterval(room.timer);
    if (this.rooms.get(room.row.id) === room) this.rooms.delete(room.row.id);
  }

  /**
   * The tick's frame, read fresh: what changed since the last one (`delta`), to every listener
   * when something did; the whole panel to those still owed one, and to all every WHOLE_EVERY_MS
   * (whatever a page missed or applied out of order is made right).
   */
  private async send(room: Room): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const rows = await participantsOf(this.deps, this.deps.db, room.row.id, now, 0).catch(() => null);
    // The database is away: the pages keep what they show, and hear again when it is back.
    if (!rows) return;
    const body = panelBody(room.row, rows, now);
    const { named, yourSeat: _, ...totals } = body;
    const shown = JSON.stringify({ ...totals, now: 0 });
    const entries = new Map(named.map((n) => [n.seat, JSON.stringify(n)]));
    let whole: string | null = null;
    const shared = () => (whole ??= panelFrame("panel", JSON.stringify(body)));
    // A listener who blocks a writer shown named gets its own copy without them; the rest share one string.
    const hiddenFor = (l: PanelListener) => blockedSeats(rows, l.blocked);
    const wholeFrame = (l: PanelListener) => {
      const hidden = hiddenFor(l);
      return hidden.size === 0 ? shared() : panelFrame("panel", JSON.stringify(withoutSeats(body, hidden)));
    };
    const everyone = [...room.listeners.keys()];
    const owed = everyone.filter((l) => room.waiting.has(l));
    room.waiting.clear();
    if (now - room.lastWholeAt >= WHOLE_EVERY_MS || now < room.lastWholeAt) {
      this.broadcast(room, everyone, wholeFrame);
      room.lastWholeAt = now;
    } else {
      const changed = named.filter((n) => room.named.get(n.seat) !== entries.get(n.seat));
      const gone = [...room.named.keys()].filter((seat) => !entries.has(seat));
      const quiet = changed.length === 0 && gone.length === 0 && shown === room.last && now - room.lastSentAt < KEEP_FRESH_MS && now >= room.lastSentAt;
      if (!quiet) {
        const delta: WriteInPanelDelta = { ...totals, named: changed, gone };
        let deltaFrame: string | null = null;
        this.broadcast(room, everyone.filter((l) => !owed.includes(l)), (l) => {
          const hidden = hiddenFor(l);
          if (hidden.size > 0) return panelFrame("delta", JSON.stringify(deltaWithout(delta, hidden)));
          return (deltaFrame ??= panelFrame("delta", JSON.stringify(delta)));
        });
      }
      if (owed.length > 0) this.broadcast(room, owed, wholeFrame);
      if (quiet) return;
    }
    room.last = shown;
    room.named = entries;
    room.lastSentAt = now;
  }

  private broadcast(room: Room, listeners: PanelListener[], frameFor: (listener: PanelListener) => string): void {
    for (const listener of listeners) if (!listener.write(frameFor(listener))) this.drop(room, listener);
  }

  private drop(room: Room, listener: PanelListener): void {
    this.remove(room, listener);
    listener.close();
  }

  private async tick(room: Room): Promise<void> {
    if (room.reading) return;
    room.reading = true;
    try {
      // The frame first: asking again who may listen must not delay what they wait for.
      await this.send(room);
      await this.recheck(room);
      const now = this.deps.clock.now().getTime();
      if (room.row.canceled_at !== null || now > room.row.ends_at.getTime() + PANEL_CLOSE_AFTER_END_MS) for (const l of [...room.listeners.keys()]) this.drop(room, l);
    } finally {
      room.reading = false;
    }
  }

  /** Asks again, for each listener due, whether it may still read the write-in (and keeps the row fresh: a cancel). */
  private async recheck(room: Room): Promise<void> {
    const now = this.deps.clock.now().getTime();
    // A few a tick, the longest unasked first: 500 writers who joined together are not all asked in one second.
    const due = [...room.listeners]
      .filter(([, at]) => now - at >= RECHECK_MS || now < at)
      .sort((a, b) => a[1] - b[1])
      .slice(0, RECHECKS_PER_TICK);
    for (const [listener] of due) {
      try {
        // A site admin is asked again as who they are now (an admin no longer stops hearing a circle's panel).
        if (listener.viewer.kind === "admin") listener.viewer = await viewerById(this.deps.db, listener.viewer.id);
        room.row = await writeInTimesFor(this.deps.db, room.row.id, listener.viewer);
        room.listeners.set(listener, now);
      } catch (err) {
        // 404: no longer theirs to read. Anything else (the database away): ask again next tick.
        if (err instanceof HttpError && err.status === 404) this.drop(room, listener);
      }
    }
  }
}

const hubs = new WeakMap<Deps, PanelHub>();

export function panelHub(deps: Deps): PanelHub {
  let hub = hubs.get(deps);
  if (!hub) hubs.set(deps, (hub = new PanelHub(deps)));
  return hub;
}
